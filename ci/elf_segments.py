"""The loadable segments of a 32-bit ARM ELF, for the unicorn harnesses
(ci/glitch.py, ci/m4_remeasure.py): [(physical address, file bytes, memory
size)] of every PT_LOAD segment with a non-zero memory size."""
import struct


def load_segments(path):
    data = open(path, "rb").read()
    assert data[:4] == b"\x7fELF" and data[4] == 1, "32-bit ELF expected"
    (phoff,) = struct.unpack_from("<I", data, 0x1C)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x2A)
    segs = []
    for i in range(phnum):
        p_type, off, vaddr, paddr, filesz, memsz, flags, align = struct.unpack_from(
            "<IIIIIIII", data, phoff + i * phentsize)
        if p_type == 1 and memsz:
            segs.append((paddr, data[off:off + filesz], memsz))
    return segs
