"""Reading the table from a photo (SPEC §10): the sheet's geometry (`geometry`, no OpenCV)
and the photo reader (`reader`, which needs the [scan] extra: opencv-python-headless, numpy).

Beside search/ and sim/, above render/: the geometry is read off the printed map sheets.
"""
