"""Context building: token counting and the pure packing rules of SPEC 6."""
