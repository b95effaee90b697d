"""Schemathesis hooks for scripts/fuzz-api: request bodies of the media types it cannot make
from a JSON Schema by itself."""

from hypothesis import strategies as st

import schemathesis

# The athlete's recorded vision: any bytes, from none to a few kilobytes. The server decides by
# the Content-Type and the size, never by what the audio holds.
for media_type in ("audio/webm", "audio/ogg", "audio/mp4", "audio/mpeg"):
    schemathesis.openapi.media_type(media_type, st.binary(max_size=4096))
