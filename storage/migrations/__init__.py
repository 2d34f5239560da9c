"""Numbered plain-SQL migrations (``NNNN_description.sql``), applied by ``storage.migrate``."""
