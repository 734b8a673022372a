#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Malformed copies of ELF files for the tests of syscall-scan.

  elfmangle.py IN OUT EDIT...   copy IN to OUT, then apply the edits:
    FIELD=VALUE        an ELF header field (e_shoff, e_shnum, e_shstrndx,
                       e_phoff, e_phnum, e_machine, ei_class, ...)
    SECTION.FIELD=VALUE  a field of the section header named SECTION
                       (.text.sh_size=0x100000, .symtab.sh_link=99)
    phdr:TYPE.FIELD=VALUE  a field of the first program header of TYPE
                       (phdr:PT_DYNAMIC.p_offset=0x7fffffff)
    dyn:TAG.FIELD=VALUE  a field of the first .dynamic entry with TAG
                       (dyn:DT_NEEDED.d_val=0x7fffffff)
    dyn-noterm         every DT_NULL of .dynamic becomes DT_DEBUG
    truncate=N         cut the file to N bytes (N may be a section name:
                       the middle of that section)
  elfmangle.py fuzz SEED COUNT OUTDIR IN...
                       COUNT mutated copies OUTDIR/fuzz-NNN of the INs (in
                       turn), deterministic for a SEED; OUTDIR/manifest
                       says what each copy is
Little-endian ELF32 and ELF64 only. VALUEs are Python integer literals.
"""
import os
import random
import struct
import sys

EHDR = {  # name: (offset32, offset64, size32, size64)
    'ei_class': (4, 4, 1, 1), 'ei_data': (5, 5, 1, 1),
    'e_type': (16, 16, 2, 2), 'e_machine': (18, 18, 2, 2),
    'e_version': (20, 20, 4, 4), 'e_entry': (24, 24, 4, 8),
    'e_phoff': (28, 32, 4, 8), 'e_shoff': (32, 40, 4, 8),
    'e_flags': (36, 48, 4, 4), 'e_ehsize': (40, 52, 2, 2),
    'e_phentsize': (42, 54, 2, 2), 'e_phnum': (44, 56, 2, 2),
    'e_shentsize': (46, 58, 2, 2), 'e_shnum': (48, 60, 2, 2),
    'e_shstrndx': (50, 62, 2, 2),
}
SHDR32 = [('sh_name', 4), ('sh_type', 4), ('sh_flags', 4), ('sh_addr', 4),
          ('sh_offset', 4), ('sh_size', 4), ('sh_link', 4), ('sh_info', 4),
          ('sh_addralign', 4), ('sh_entsize', 4)]
SHDR64 = [('sh_name', 4), ('sh_type', 4), ('sh_flags', 8), ('sh_addr', 8),
          ('sh_offset', 8), ('sh_size', 8), ('sh_link', 4), ('sh_info', 4),
          ('sh_addralign', 8), ('sh_entsize', 8)]
PHDR32 = [('p_type', 4), ('p_offset', 4), ('p_vaddr', 4), ('p_paddr', 4),
          ('p_filesz', 4), ('p_memsz', 4), ('p_flags', 4), ('p_align', 4)]
PHDR64 = [('p_type', 4), ('p_flags', 4), ('p_offset', 8), ('p_vaddr', 8),
          ('p_paddr', 8), ('p_filesz', 8), ('p_memsz', 8), ('p_align', 8)]
PT = {'PT_LOAD': 1, 'PT_DYNAMIC': 2, 'PT_INTERP': 3, 'PT_NOTE': 4}
DT = {'DT_NULL': 0, 'DT_NEEDED': 1, 'DT_STRTAB': 5, 'DT_STRSZ': 10,
      'DT_RPATH': 15, 'DT_DEBUG': 21, 'DT_RUNPATH': 29}


def layout(fields):
    """[(name, offset, size)] and the total size of a header"""
    out, off = [], 0
    for name, size in fields:
        out.append((name, off, size))
        off += size
    return out, off


class Elf:
    def __init__(self, data):
        self.d = data
        if data[:4] != b'\x7fELF' or data[5] != 1:
            sys.exit('elfmangle: not a little-endian ELF file')
        self.b64 = data[4] == 2
        self.ehdr = {k: v[1 if self.b64 else 0] for k, v in EHDR.items()}
        self.esz = {k: v[3 if self.b64 else 2] for k, v in EHDR.items()}
        self.shdr = layout(SHDR64 if self.b64 else SHDR32)
        self.phdr = layout(PHDR64 if self.b64 else PHDR32)

    def get(self, off, size):
        return int.from_bytes(self.d[off:off + size], 'little')

    def put(self, off, size, val):
        self.d[off:off + size] = (val & ((1 << 8 * size) - 1)).to_bytes(size, 'little')

    def eh(self, name):
        return self.get(self.ehdr[name], self.esz[name])

    def rec(self, lay, base, name):
        for n, off, size in lay[0]:
            if n == name:
                return base + off, size
        sys.exit('elfmangle: no field ' + name)

    def sections(self):
        """[(name, header offset)]"""
        shoff, n = self.eh('e_shoff'), self.eh('e_shnum')
        size = self.shdr[1]
        hdrs = [shoff + i * size for i in range(n)]
        stroff, _ = self.rec(self.shdr, hdrs[self.eh('e_shstrndx')], 'sh_offset')
        strtab = self.get(stroff, self.rec(self.shdr, 0, 'sh_offset')[1])
        out = []
        for h in hdrs:
            o, s = self.rec(self.shdr, h, 'sh_name')
            start = strtab + self.get(o, s)
            name = bytes(self.d[start:self.d.index(0, start)]).decode()
            out.append((name, h))
        return out

    def sfield(self, sec, field):
        for name, h in self.sections():
            if name == sec:
                return self.rec(self.shdr, h, field)
        sys.exit('elfmangle: no section ' + sec)

    def phdrs(self):
        phoff, n = self.eh('e_phoff'), self.eh('e_phnum')
        return [phoff + i * self.phdr[1] for i in range(n)]

    def pfield(self, ptype, field):
        for h in self.phdrs():
            if self.get(*self.rec(self.phdr, h, 'p_type')) == PT[ptype]:
                return self.rec(self.phdr, h, field)
        sys.exit('elfmangle: no program header ' + ptype)

    def dynamic(self):
        """[offset of each .dynamic entry], entry size"""
        off = self.get(*self.pfield('PT_DYNAMIC', 'p_offset'))
        size = self.get(*self.pfield('PT_DYNAMIC', 'p_filesz'))
        ent = 16 if self.b64 else 8
        return [off + i for i in range(0, size - ent + 1, ent)], ent // 2

    def dfield(self, tag, field):
        ents, w = self.dynamic()
        for e in ents:
            if self.get(e, w) == DT[tag]:
                return (e, w) if field == 'd_tag' else (e + w, w)
        sys.exit('elfmangle: no .dynamic entry ' + tag)

    def edit(self, ed):
        if ed == 'dyn-noterm':
            ents, w = self.dynamic()
            for e in ents:
                if self.get(e, w) == DT['DT_NULL']:
                    self.put(e, w, DT['DT_DEBUG'])
            return
        key, val = ed.split('=', 1)
        if key == 'truncate':
            if val.startswith('.'):
                o, s = self.sfield(val, 'sh_offset')
                z, zs = self.sfield(val, 'sh_size')
                cut = self.get(o, s) + self.get(z, zs) // 2
            else:
                cut = int(val, 0)
            del self.d[cut:]
            return
        val = int(val, 0)
        if key in self.ehdr:
            self.put(self.ehdr[key], self.esz[key], val)
        elif key.startswith('phdr:'):
            ptype, field = key[5:].split('.', 1)
            self.put(*self.pfield(ptype, field), val)
        elif key.startswith('dyn:'):
            tag, field = key[4:].split('.', 1)
            self.put(*self.dfield(tag, field), val)
        else:
            sec, field = key.rsplit('.', 1)
            self.put(*self.sfield(sec, field), val)


def mutate(rng, elf):
    """1-4 random changes: bit flips or 1-8 overwritten bytes, half of
    them in the ELF header or in the program or section header table"""
    d = elf.d
    hot = [(0, 64 if elf.b64 else 52)]
    for off, num, size in (('e_phoff', 'e_phnum', elf.phdr[1]),
                           ('e_shoff', 'e_shnum', elf.shdr[1])):
        start, n = elf.eh(off), elf.eh(num)
        if n and start < len(d):
            hot.append((start, min(len(d), start + n * size)))
    what = []
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.5:
            lo, hi = rng.choice(hot)
        else:
            lo, hi = 0, len(d)
        pos = rng.randrange(lo, hi)
        r = rng.random()
        if r < 0.3:
            bit = rng.randrange(8)
            d[pos] ^= 1 << bit
            what.append('flip 0x%x bit %d' % (pos, bit))
        else:
            n = min(rng.randint(1, 8), len(d) - pos)
            if r < 0.6:
                new = bytes(rng.randrange(256) for _ in range(n))
            else:
                fill = rng.choice([0x00, 0xff, 0x7f, 0x80, 0x01])
                new = bytes([fill]) * n
            d[pos:pos + n] = new
            what.append('0x%x=%s' % (pos, new.hex()))
    if rng.random() < 0.05:
        cut = rng.randrange(len(d))
        del d[cut:]
        what.append('truncate %d' % cut)
    return ', '.join(what)


def fuzz(seed, count, outdir, inputs):
    rng = random.Random(seed)
    srcs = [open(p, 'rb').read() for p in inputs]
    with open(os.path.join(outdir, 'manifest'), 'w') as man:
        for i in range(count):
            k = i % len(srcs)
            elf = Elf(bytearray(srcs[k]))
            what = mutate(rng, elf)
            name = os.path.join(outdir, 'fuzz-%03d' % i)
            with open(name, 'wb') as f:
                f.write(elf.d)
            man.write('%s %s: %s\n' % (os.path.basename(name), inputs[k], what))


def main(argv):
    if len(argv) >= 5 and argv[1] == 'fuzz':
        fuzz(int(argv[2]), int(argv[3]), argv[4], argv[5:])
        return
    if len(argv) < 3:
        sys.exit(__doc__)
    elf = Elf(bytearray(open(argv[1], 'rb').read()))
    for ed in argv[3:]:
        elf.edit(ed)
    with open(argv[2], 'wb') as f:
        f.write(elf.d)


if __name__ == '__main__':
    main(sys.argv)
