#!/usr/bin/env python3
"""Usage: scripts/tty-shell.py --log RAW --transcript NORM --checks CHECKS
                            --timeout SECS --prompt PS1 -- QEMU-COMMAND...

tty-shell.py drives an interactive shell over QEMU's serial line. Used by
scripts/tty-shell (see its --help); not meant to be run alone.

Starts QEMU with its stdin and stdout as pipes (the guest's ttyS0), types
into the busybox shell like a person at a terminal and judges what comes
back. Writes the raw console bytes to RAW, a normalised transcript (from
the line /init prints before it starts the shell to the line it prints
when the shell has exited; \r\n made \n, other control bytes in caret
notation, each keystroke group on a ">>> " line) to NORM, and one
"name: ok" / "name: FAIL (why)" line per check to CHECKS.
Exit status: 0 every check ok, 1 a check failed, 2 usage or QEMU error.
Standard library only.
"""

import os
import re
import select
import subprocess
import sys
import time

START_LINE = b"TTY-INIT: starting the shell"
EXIT_RE = re.compile(rb"TTY-INIT: shell exited with status [0-9]+\r?\n")

# keys with a name in the transcript's ">>> " lines
KEY_NAMES = {0x7F: "<DEL>", 0x08: "<BS>", 0x03: "<^C>", 0x04: "<^D>",
             0x15: "<^U>", 0x0D: "<CR>", 0x0A: "<LF>", 0x1B: "<ESC>"}


class Timeout(Exception):
    pass


def caret(data):
    """Bytes as text: \\r\\n -> \\n, other control bytes as ^X, non-ASCII as \\xNN."""
    text = data.replace(b"\r\n", b"\n")
    out = []
    for b in text:
        if b == 0x0A or b == 0x09 or 0x20 <= b < 0x7F:
            out.append(chr(b))
        elif b < 0x20:
            out.append("^" + chr(b + 0x40))
        elif b == 0x7F:
            out.append("^?")
        else:
            out.append("\\x%02x" % b)
    return "".join(out)


def keys(data):
    out = []
    for b in data:
        if b in KEY_NAMES:
            out.append(KEY_NAMES[b])
        elif 0x20 <= b < 0x7F:
            out.append(chr(b))
        else:
            out.append("<0x%02x>" % b)
    return "".join(out)


class Console:
    """QEMU with the serial line on its stdin/stdout."""

    def __init__(self, cmd, raw_path, deadline):
        self.raw = open(raw_path, "wb")
        self.buf = b""          # everything received
        self.pos = 0            # expect() searches from here
        self.events = []        # (offset in buf, bytes sent, step title)
        self.deadline = deadline
        self.eof = False
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=sys.stderr)
        self.fd = self.proc.stdout.fileno()

    def _pump(self, until):
        """Read what arrives until time 'until' or EOF; False on EOF."""
        while not self.eof:
            left = min(until, self.deadline) - time.monotonic()
            if left <= 0:
                return True
            r, _, _ = select.select([self.fd], [], [], left)
            if not r:
                continue
            data = os.read(self.fd, 4096)
            if not data:
                self.eof = True
                break
            self.buf += data
            self.raw.write(data)
            self.raw.flush()
            return True
        return False

    def expect(self, pattern, timeout, what=None):
        """Wait for regex 'pattern' (bytes) after self.pos; return the match."""
        rx = re.compile(pattern)
        until = time.monotonic() + timeout
        while True:
            m = rx.search(self.buf, self.pos)
            if m:
                self.pos = m.end()
                return m
            now = time.monotonic()
            if self.eof or now >= until or now >= self.deadline:
                why = "QEMU exited" if self.eof else (
                    "the run's timeout" if now >= self.deadline else
                    "waited %gs" % timeout)
                raise Timeout("no %s (%s)" % (
                    what or repr(pattern.decode(errors="replace")), why))
            self._pump(until)

    def quiet(self, gap=0.3, limit=3.0):
        """Read until nothing arrived for 'gap' seconds (at most 'limit')."""
        end = time.monotonic() + limit
        while time.monotonic() < end and not self.eof:
            n = len(self.buf)
            self._pump(time.monotonic() + gap)
            if len(self.buf) == n:
                return

    def send(self, data, title=None):
        self.events.append((len(self.buf), data, title))
        self.pos = max(self.pos, len(self.buf))
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise Timeout("QEMU closed its stdin")

    def finish(self, timeout):
        """Wait for QEMU to exit (reading its output); kill it after timeout."""
        end = min(time.monotonic() + timeout, self.deadline)
        while not self.eof and time.monotonic() < end:
            self._pump(end)
        try:
            self.proc.wait(max(0.1, end - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return False
        return True

    def transcript(self):
        """The normalised transcript, as text."""
        start = self.buf.find(START_LINE)
        if start < 0:
            return "(no \"%s\" line: the shell never started)\n" % START_LINE.decode()
        m = EXIT_RE.search(self.buf, start)
        end = m.end() if m else len(self.buf)
        lines = []
        cuts = [(off, data, title) for off, data, title in self.events if off <= end]
        prev = start
        for off, data, title in cuts + [(end, None, None)]:
            chunk = caret(self.buf[max(prev, start):off])
            if chunk:
                lines.append(chunk if chunk.endswith("\n") else chunk + "\n")
            if data is None:
                break
            if title:
                lines.append("=== %s\n" % title)
            lines.append(">>> %s\n" % keys(data))
            prev = off
        if not m:
            lines.append("(transcript cut: the shell did not exit)\n")
        return "".join(lines)


def main(argv):
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    opts = {}
    i = 0
    while i < len(argv) and argv[i] != "--":
        if argv[i] not in ("--log", "--transcript", "--checks", "--timeout", "--prompt") \
                or i + 1 >= len(argv):
            print("tty-shell.py: bad arguments (see --help)", file=sys.stderr)
            return 2
        opts[argv[i][2:]] = argv[i + 1]
        i += 2
    cmd = argv[i + 1:]
    if not cmd or len(opts) != 5:
        print("tty-shell.py: bad arguments (see --help)", file=sys.stderr)
        return 2
    prompt = opts["prompt"].encode()
    t0 = time.monotonic()
    con = Console(cmd, opts["log"], t0 + float(opts["timeout"]))
    checks = []             # (name, ok, detail)
    info = []               # "key=value" facts for the verdict line
    prompt_rx = re.escape(prompt)

    def check(name, ok, detail=""):
        checks.append((name, bool(ok), detail))
        return ok

    def wait_prompt(timeout=15):
        con.expect(prompt_rx, timeout, "prompt")
        con.quiet()

    marker_n = [0]

    def after_echo(seg, n):
        """What follows the echo of the typed line (up to its marker)."""
        seg = seg.replace(b"\r\n", b"\n").decode(errors="replace")
        seg = seg[seg.find('==M""%d==' % n):]
        return seg.split("\n", 1)[1] if "\n" in seg else ""

    def run(title, command, timeout=15):
        """Type 'command' plus a marker echo, Enter; return its output text."""
        marker_n[0] += 1
        n = marker_n[0]
        # The quotes keep the echoed command line from matching the marker.
        con.send(("%s; echo ==M\"\"%d==\r" % (command, n)).encode(), title)
        m = con.expect(rb"\r?\n==M%d==\r?\n" % n, timeout, "marker ==M%d==" % n)
        seg = con.buf[con.events[-1][0]:m.start()]
        wait_prompt()
        return after_echo(seg, n)

    def typed(title, parts, timeout=15):
        """Send keystroke groups 'parts' (short pauses between), a marker, Enter."""
        for k, p in enumerate(parts):
            con.send(p, title if k == 0 else None)
            time.sleep(0.2)
        marker_n[0] += 1
        n = marker_n[0]
        con.send(("; echo ==M\"\"%d==\r" % n).encode())
        start = con.events[-len(parts) - 1][0]
        m = con.expect(rb"\r?\n==M%d==\r?\n" % n, timeout, "marker ==M%d==" % n)
        seg = con.buf[start:m.start()]
        wait_prompt()
        return after_echo(seg, n)

    def strip_esc(s):
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", s)

    step = "boot to the first prompt"
    try:
        con.expect(re.escape(START_LINE), 45, '"%s"' % START_LINE.decode())
        t_init = time.monotonic() - t0
        wait_prompt(30)
        info.append("prompt after %.1fs" % (time.monotonic() - t0))
        info.append("init after %.1fs" % t_init)
        session = con.buf[con.buf.find(START_LINE):]
        check("job-control", b"job control turned off" not in session
              and b"can't access tty" not in session,
              "the shell says: job control turned off")

        step = "commands"
        out = run("echo hello", "echo hello")
        check("echo", out.strip() == "hello", "got %r" % out)
        out = run("uname -s", "uname -s")
        check("uname", out.strip() == "Linux", "got %r" % out)
        out = run("ls /", "ls /")
        names = set(strip_esc(out).split())
        want = {"bin", "dev", "init", "proc", "sys"}
        check("ls", want <= names, "missing %s" % " ".join(sorted(want - names)))
        out = run("/proc/self/stat through a pipe",
                  "cat /proc/self/stat | cut -d' ' -f1-1 >/dev/null; echo ok")
        check("pipe", out.strip() == "ok", "got %r" % out)
        out = run("stty", "stty")
        check("stty", re.search(r"speed [0-9]+ baud", out), "got %r" % out)
        out = run("stty -a", "stty -a")
        flags = set(out.split())
        need = {"icanon", "isig", "echo", "icrnl", "opost", "onlcr"}
        check("stty-a", re.search(r"intr = \^C", out) and need <= flags,
              "no 'intr = ^C' or not all of %s" % " ".join(sorted(need)))
        out = run("tty", "tty")
        check("tty", out.strip() == "/dev/ttyS0", "got %r" % out)
        out = run("job control on", "set -o | grep -w monitor")
        check("monitor", re.match(r"monitor\s+on$", out.strip()), "got %r" % out)

        step = "line editing"
        out = typed("line editing: DEL (0x7f) fixes a typo",
                    [b"echo fixd", b"\x7f", b"ed"])
        check("edit-del", out.strip() == "fixed", "got %r" % out)
        out = typed("line editing: BS (0x08) fixes a typo",
                    [b"echo bakx", b"\x08", b"ed"])
        bs_ash = out.strip()
        check("edit-bs", out.strip() == "baked", "got %r" % out)

        step = "canonical mode (the kernel's line discipline)"
        for title, name, keyseq, want in (
                ("canonical read: DEL (VERASE) erases", "canon-erase",
                 b"abx\x7fc\r", "[abc] 3"),
                ("canonical read: ^U (VKILL) kills the line", "canon-kill",
                 b"junk\x15abc\r", "[abc] 3"),
                ("canonical read: BS (0x08, not VERASE)", None,
                 b"abx\x08c\r", None)):
            marker_n[0] += 1
            n = marker_n[0]
            con.send(('read -r x; echo "[$x] ${#x}"; echo ==M""%d==\r' % n).encode(), title)
            con.expect(rb"\r?\n", 15, "echo of the read command")
            time.sleep(0.3)
            start = len(con.buf)
            con.send(keyseq)
            m = con.expect(rb"\r?\n==M%d==\r?\n" % n, 15, "marker ==M%d==" % n)
            seg = con.buf[start:m.start()].replace(b"\r\n", b"\n").decode(errors="replace")
            wait_prompt()
            got = seg.split("\n", 1)[1].strip() if "\n" in seg else ""
            if name:
                check(name, got == want, "got %r" % got)
            else:
                m2 = re.search(r"\] ([0-9]+)$", got)
                info.append("canonical BS: %s" % (
                    "literal" if m2 and m2.group(1) == "5" else "erases"
                    if m2 and m2.group(1) == "3" else "?"))
        info.append("ash BS: %s" % ("erases" if bs_ash == "baked" else repr(bs_ash)))

        step = "^C"
        con.send(b"sleep 100\r", "^C interrupts sleep 100")
        con.expect(rb"sleep 100\r?\n", 15, "echo of sleep 100")
        time.sleep(1.0)
        t_int = time.monotonic()
        con.send(b"\x03")
        try:
            con.expect(prompt_rx, 15, "prompt")
            dt = time.monotonic() - t_int
            check("ctrl-c", dt < 5, "prompt back after %.1fs" % dt)
            info.append("^C->prompt %.2fs" % dt)
        except Timeout as e:
            check("ctrl-c", False, "no prompt after ^C (%s)" % e)
            e.reported = True
            raise
        con.quiet()
        out = run("exit status after ^C", "echo $?")
        check("ctrl-c-status", out.strip() == "130", "got %r" % out)

        step = "^C at the prompt"
        con.send(b"echo never-run", "^C discards a half-typed line")
        con.expect(rb"never-run", 15, "echo of the half-typed line")
        time.sleep(0.3)
        con.send(b"\x03")
        wait_prompt()
        out = run("after the discarded line", "echo clean")
        check("ctrl-c-line", out.strip() == "clean", "got %r" % out)

        step = "^D"
        con.send(b"\x04", "^D on an empty line exits the shell")
        m = con.expect(EXIT_RE.pattern, 15, "\"TTY-INIT: shell exited\" line")
        status = re.search(rb"[0-9]+", m.group(0)).group(0).decode()
        check("ctrl-d", status == "0", "shell exit status %s" % status)
        step = "reboot"
        check("reboot", con.finish(30), "QEMU still running 30s after the shell exited")
    except Timeout as e:
        if not getattr(e, "reported", False):
            check("session", False, "%s: %s" % (step, e))
        con.finish(0.5)
    except Exception:
        con.finish(0.5)
        raise
    finally:
        if con.proc.poll() is None:
            con.proc.kill()
            con.proc.wait()
        con.raw.close()

    info.append("qemu %.1fs" % (time.monotonic() - t0))
    with open(opts["transcript"], "w") as f:
        f.write(con.transcript())
    with open(opts["checks"], "w") as f:
        for name, ok, detail in checks:
            f.write("%s: %s\n" % (name, "ok" if ok else "FAIL (%s)" % detail))
        f.write("info: %s\n" % ", ".join(info))
        f.write("qemu-exit: %s\n" % con.proc.returncode)
    return 0 if all(ok for _, ok, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
