#!/usr/bin/env python3
"""Independent decoder for the interoperability tests: prints the raw bytes of every QR
code zxing-cpp finds in each image, one hex line per symbol. Exit 1 if none found."""
import sys
import zxingcpp
from PIL import Image

found = 0
for path in sys.argv[1:]:
    for result in zxingcpp.read_barcodes(Image.open(path), formats=zxingcpp.BarcodeFormat.QRCode):
        print(result.bytes.hex())
        found += 1
sys.exit(0 if found else 1)
