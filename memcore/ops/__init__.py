"""Operations: each takes the runtime and a namespace, validates, writes in one transaction with its events."""
