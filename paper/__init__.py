"""Paper for a night and what leaves the site as a file: score sheets, table tally sheets
and the results sheet as printable pages and PDFs, the read-only results link, and CSV
exports (csv_export.py, which groups' season CSV uses too)."""
