"""Hardware layer: the only code that touches pins, pixels and the serial port."""
