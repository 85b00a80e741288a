// Writes an RGB PPM (P6, 8-bit) as a four-component JPEG, the way print workflows and
// Photoshop do, for Fixtures/make-jpeg-fixtures.py (Pillow writes CMYK only one way):
//
//   write_cmyk_jpeg cmyk|ycck|plain IN.ppm OUT.jpg
//
// cmyk: CMYK with Adobe's APP14 marker, values inverted (255 = no ink), as Photoshop saves;
// ycck: the same transformed to YCCK (APP14 transform 2); plain: CMYK with no APP14 marker,
// values as ink amounts (255 = full ink). Ink: K = 255 - max(R, G, B), the rest under it.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

int main(int argc, char **argv) {
  if (argc != 4) return 2;
  FILE *in = fopen(argv[2], "rb");
  int width, height, maximum;
  if (!in || fscanf(in, "P6 %d %d %d", &width, &height, &maximum) != 3 || maximum != 255) return 1;
  fgetc(in);
  unsigned char *rgb = malloc((size_t)width * height * 3);
  if (fread(rgb, 3, (size_t)width * height, in) != (size_t)width * height) return 1;
  fclose(in);
  int inverted = strcmp(argv[1], "plain") != 0;
  unsigned char *cmyk = malloc((size_t)width * height * 4);
  for (size_t i = 0; i < (size_t)width * height; i++) {
    int r = rgb[3 * i], g = rgb[3 * i + 1], b = rgb[3 * i + 2];
    int white = r > g ? (r > b ? r : b) : (g > b ? g : b);
    int ink[4] = {0, 0, 0, 255 - white};
    if (white > 0) {
      ink[0] = (white - r) * 255 / white;
      ink[1] = (white - g) * 255 / white;
      ink[2] = (white - b) * 255 / white;
    }
    for (int c = 0; c < 4; c++) cmyk[4 * i + c] = (unsigned char)(inverted ? 255 - ink[c] : ink[c]);
  }
  struct jpeg_compress_struct encoder;
  struct jpeg_error_mgr errors;
  encoder.err = jpeg_std_error(&errors);
  jpeg_create_compress(&encoder);
  FILE *out = fopen(argv[3], "wb");
  if (!out) return 1;
  jpeg_stdio_dest(&encoder, out);
  encoder.image_width = (JDIMENSION)width;
  encoder.image_height = (JDIMENSION)height;
  encoder.input_components = 4;
  encoder.in_color_space = JCS_CMYK;
  jpeg_set_defaults(&encoder);
  jpeg_set_colorspace(&encoder, strcmp(argv[1], "ycck") == 0 ? JCS_YCCK : JCS_CMYK);
  if (!inverted) encoder.write_Adobe_marker = FALSE;
  jpeg_set_quality(&encoder, 92, TRUE);
  jpeg_start_compress(&encoder, TRUE);
  while (encoder.next_scanline < encoder.image_height) {
    JSAMPROW row = cmyk + (size_t)encoder.next_scanline * width * 4;
    jpeg_write_scanlines(&encoder, &row, 1);
  }
  jpeg_finish_compress(&encoder);
  jpeg_destroy_compress(&encoder);
  fclose(out);
  return 0;
}
