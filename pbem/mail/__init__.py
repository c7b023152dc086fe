"""One inbound or outbound mail's path, one module per step (see docs/ARCHITECTURE.md)."""
