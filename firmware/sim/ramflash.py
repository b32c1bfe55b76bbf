"""A flash in RAM for littlefs (vfs.VfsLfs2): the block device a Pico's rp2.Flash is, with
littlefs's extended interface - blocks of a size, so many of them, reads counted. For the
runs that put the companion on a real littlefs (tests/mp/full_flash.py, bench/lookups.py);
the virtual Pico itself keeps its files in a folder."""


class RAMBlocks:
    def __init__(self, size: int, count: int) -> None:
        self.size = size
        self.data = bytearray(size * count)
        self.count = count
        self.reads = 0

    def readblocks(self, n, buf, offset=0):
        self.reads += 1
        start = n * self.size + offset
        buf[:] = memoryview(self.data)[start:start + len(buf)]

    def writeblocks(self, n, buf, offset=0):
        start = n * self.size + offset
        self.data[start:start + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.count
        if op == 5:  # block size
            return self.size
        if op == 6:  # erase
            start = arg * self.size
            self.data[start:start + self.size] = b"\xff" * self.size
        return 0
