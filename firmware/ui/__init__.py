"""Screens: pure state machines that draw into the frame buffer and take button presses."""
