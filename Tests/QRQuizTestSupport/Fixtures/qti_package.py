#!/usr/bin/env python3
"""Opens QTI 3.0 and 2.1 content packages with Python's zipfile (an independent reader of QRQuiz's
zips), checks every entry's CRC, that the manifest lists every file of the package and
every file it lists is there, and that every item and picture the test refers to is in
the manifest; extracts each package into OUT/NAME/ and prints what to validate:
"item PATH", "test PATH" and "manifest PATH" lines.

  python3 qti_package.py OUT PACKAGE.zip…   (exit 1 on the first broken rule)"""
import os
import sys
import xml.etree.ElementTree as ET
import zipfile

# QTI 3.0's packaging and item namespaces, and QTI 2.1's (IMS CP 1.1, imsqti_v2p1): the
# package's manifest says which.
VERSIONS = {
    "{http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1}": ("{http://www.imsglobal.org/xsd/imsqtiasi_v3p0}",
                                                              "qti-assessment-item-ref", "imsqti_item_xmlv3p0"),
    "{http://www.imsglobal.org/xsd/imscp_v1p1}": ("{http://www.imsglobal.org/xsd/imsqti_v2p1}", "assessmentItemRef",
                                                  "imsqti_item_xmlv2p1"),
}


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def main():
    out = sys.argv[1]
    for package in sys.argv[2:]:
        name = os.path.splitext(os.path.basename(package))[0]
        folder = os.path.join(out, name)
        with zipfile.ZipFile(package) as archive:
            broken = archive.testzip()
            if broken:
                fail(f"{package}: {broken} fails its CRC")
            names = set(archive.namelist())
            archive.extractall(folder)
        if "imsmanifest.xml" not in names:
            fail(f"{package}: no imsmanifest.xml")
        manifest = ET.parse(os.path.join(folder, "imsmanifest.xml")).getroot()
        CP = manifest.tag[:manifest.tag.index("}") + 1]
        if CP not in VERSIONS:
            fail(f"{package}: the manifest's namespace {CP} is no QTI package's")
        QTI, REF, ITEM = VERSIONS[CP]
        listed = {f.get("href") for f in manifest.iter(CP + "file")}
        if listed | {"imsmanifest.xml"} != names:
            fail(f"{package}: the manifest lists {sorted(listed)}, the package holds {sorted(names)}")
        resources = {r.get("identifier"): r for r in manifest.iter(CP + "resource")}
        for resource in resources.values():
            kind = resource.get("type")
            path = os.path.join(folder, resource.get("href"))
            print(("item " if kind == ITEM else "test ") + path)
            for dependency in resource.iter(CP + "dependency"):
                if dependency.get("identifierref") not in resources:
                    fail(f"{package}: {resource.get('identifier')} depends on an unknown resource")
        test = ET.parse(os.path.join(folder, "test.xml")).getroot()
        for reference in test.iter(QTI + REF):
            if reference.get("href") not in listed:
                fail(f"{package}: the test refers to {reference.get('href')}, which the manifest does not list")
        for item in (r for r in resources.values() if r.get("type") == ITEM):
            body = ET.parse(os.path.join(folder, item.get("href"))).getroot()
            for image in body.iter(QTI + "img"):
                source = image.get("src")
                if not source.startswith("https://") and os.path.join("items", source) not in listed:
                    fail(f"{package}: {item.get('href')} shows {source}, which is not in the package")
        print("manifest " + os.path.join(folder, "imsmanifest.xml"))


if __name__ == "__main__":
    main()
