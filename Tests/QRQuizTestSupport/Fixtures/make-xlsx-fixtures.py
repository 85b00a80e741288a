#!/usr/bin/env python3
"""Writes the Excel workbooks (.xlsx) the import tests read, as Excel writes them: the
parts of an Office Open XML workbook (content types, relationships, workbook, styles,
shared strings, one sheet), numbers as numbers and texts as shared strings, a few texts
as inline strings, empty styled cells, a title merged across the columns; each from a CSV
fixture whose rows it holds, so the test can check that the workbook imports exactly as
the CSV does.

  python3 make-xlsx-fixtures.py     (writes into import/, beside the CSV files)

No spreadsheet program or Python package is needed: zipfile and the XML written here.
Kahoot!'s and Quizizz's own downloads could not be fetched from this machine (no
network); these hold the rows of their templates (import/cases/*.csv) in the parts and
the way Excel stores them."""
import csv
import os
import re
import zipfile
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"

CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>"""

ROOT_RELS = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>"""

STYLES = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="{MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>"""


def column(index):
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def is_number(text):
    """A cell Excel stores as a number: what General shows back as the same text."""
    return re.fullmatch(r"-?(0|[1-9][0-9]{0,14})(\.[0-9]*[1-9])?", text) is not None


def workbook(rows, merge=None, date1904=False, inline_every=0, extra_cells=()):
    strings, index = [], {}
    sheet_rows = []
    width = max(len(row) for row in rows)
    for number, row in enumerate(rows, 1):
        cells = []
        for position in range(width):
            text = row[position] if position < len(row) else ""
            ref = f"{column(position)}{number}"
            style = ' s="1"' if number <= 8 else ""
            if text == "":
                # Excel keeps a styled empty cell: it holds no value.
                if style:
                    cells.append(f'<c r="{ref}"{style}/>')
                continue
            if is_number(text):
                cells.append(f'<c r="{ref}"{style}><v>{text}</v></c>')
            elif inline_every and (number + position) % inline_every == 0:
                cells.append(f'<c r="{ref}" t="inlineStr"{style}><is><t xml:space="preserve">{escape(text)}</t></is></c>')
            else:
                if text not in index:
                    index[text] = len(strings)
                    strings.append(text)
                cells.append(f'<c r="{ref}" t="s"{style}><v>{index[text]}</v></c>')
        for ref_row, cell in extra_cells:
            if ref_row == number:
                cells.append(cell)
        sheet_rows.append(f'<row r="{number}" spans="1:{width}">' + "".join(cells) + "</row>")
    merges = f'<mergeCells count="1"><mergeCell ref="{merge}"/></mergeCells>' if merge else ""
    sheet = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{MAIN}" xmlns:r="{REL}">'
             f'<dimension ref="A1:{column(width - 1)}{len(rows)}"/><sheetViews><sheetView workbookViewId="0"/></sheetViews>'
             f'<sheetFormatPr defaultRowHeight="15"/><sheetData>' + "".join(sheet_rows) + f"</sheetData>{merges}"
             '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>')
    shared = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="{MAIN}" count="{len(strings)}" '
              f'uniqueCount="{len(strings)}">' + "".join(f'<si><t xml:space="preserve">{escape(s)}</t></si>' for s in strings)
              + "</sst>")
    flag = '<workbookPr date1904="1"/>' if date1904 else '<workbookPr defaultThemeVersion="124226"/>'
    book = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="{MAIN}" xmlns:r="{REL}">{flag}'
            '<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="12300"/></bookViews>'
            '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>')
    book_rels = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG}">'
                 f'<Relationship Id="rId3" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/>'
                 f'<Relationship Id="rId2" Type="{REL}/styles" Target="styles.xml"/>'
                 f'<Relationship Id="rId1" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>')
    return [("[Content_Types].xml", CONTENT_TYPES), ("_rels/.rels", ROOT_RELS), ("xl/workbook.xml", book),
            ("xl/_rels/workbook.xml.rels", book_rels), ("xl/styles.xml", STYLES), ("xl/sharedStrings.xml", shared),
            ("xl/worksheets/sheet1.xml", sheet)]


def write(name, parts):
    path = os.path.join(HERE, "import", name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for part, text in parts:
            info = zipfile.ZipInfo(part, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, text.encode("utf-8"))
    print("wrote", path)


def rows_of(csv_name):
    with open(os.path.join(HERE, "import", "cases", csv_name), newline="", encoding="utf-8") as file:
        return list(csv.reader(file))


def main():
    kahoot = rows_of("kahoot-template.csv")
    write("kahoot-template.xlsx", workbook(kahoot, merge="B2:H2"))
    quizizz = rows_of("quizizz-template.csv")
    write("quizizz-template.xlsx", workbook(quizizz, inline_every=5))
    # Every kind of cell: a date (built-in and custom format), a time, TRUE, an error, rich
    # text, an escaped carriage return, in the 1904 date system; the expected CSV text is
    # in the Swift test.
    cells = [["Question", "Answer 1", "Answer 2", "Correct"], ["When?", "x", "y", "1"]]
    extra = [
        (2, '<c r="E2" s="2"><v>45429</v></c>'), (2, '<c r="F2" s="3"><v>45429.75</v></c>'),
        (2, '<c r="G2" t="b"><v>1</v></c>'), (2, '<c r="H2" t="e"><v>#N/A</v></c>'),
        (2, '<c r="I2" t="inlineStr"><is><r><t>Bold</t></r><r><rPr><b/></rPr><t xml:space="preserve"> part</t></r>'
            '<rPh sb="0" eb="1"><t>ignored</t></rPh></is></c>'),
        (2, '<c r="J2" t="inlineStr"><is><t>one_x000D_two</t></is></c>'),
        (2, '<c r="K2"><v>0.30000000000000004</v></c>'), (2, '<c r="L2"><v>1E+20</v></c>'),
    ]
    write("cell-kinds.xlsx", workbook(cells, date1904=True, extra_cells=extra))


if __name__ == "__main__":
    main()
