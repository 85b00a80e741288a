#!/usr/bin/env python3
"""Independent decoder for the grid decoder's cross-check: for each image, one line
'PATH<TAB>HEX' with the raw bytes of the first QR code zxing-cpp finds, or 'PATH<TAB>-'
when it finds none."""
import sys
import zxingcpp
from PIL import Image

for path in sys.argv[1:]:
    results = zxingcpp.read_barcodes(Image.open(path), formats=zxingcpp.BarcodeFormat.QRCode)
    print(f"{path}\t{results[0].bytes.hex() if results else '-'}")
