"""Helpers of the Streamlit inspector (``app.py`` + ``pages/``): the cached engine, the namespace choice,
error display and small rendering helpers. The engine itself never imports this package."""
