"""Named memory blocks (Letta style): unique per user, prioritised, every edit versioned."""

from .service import block_history, delete_block, get_block, list_blocks, set_block

__all__ = ["delete_block", "get_block", "list_blocks", "block_history", "set_block"]
