"""Other programs' file formats, read into and written from hand records (EGN)."""
