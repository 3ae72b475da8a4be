#!/usr/bin/env python3
"""key.h for ci/wolfssl-bench: a fixture key of tests/data/fixtures (made by
OpenSSL, PKCS#1 DER) and its PKCS#1 v1.5 signature as C byte arrays, plus
EM = sig^e mod n computed here (the check of the public operation; the
private one must give OpenSSL's signature back)."""
import sys


def der_ints(der):
    """The INTEGERs of a DER SEQUENCE (RSAPrivateKey, RFC 8017 A.1.2)."""
    def length(i):
        n = der[i]
        if n < 0x80:
            return n, i + 1
        k = n & 0x7F
        return int.from_bytes(der[i + 1:i + 1 + k], "big"), i + 1 + k

    assert der[0] == 0x30
    _, i = length(1)
    out = []
    while i < len(der):
        assert der[i] == 0x02
        n, i = length(i + 1)
        out.append(int.from_bytes(der[i:i + n], "big"))
        i += n
    return out


fx = sys.argv[1]
version, n, e, d, p, q, dp, dq, qi = der_ints(open(f"{fx}/private.pkcs1.der", "rb").read())[:9]
assert version == 0 and p * q == n and (e * d) % ((p - 1) * (q - 1) // __import__("math").gcd(p - 1, q - 1)) == 1
k = (n.bit_length() + 7) // 8
sig = open(f"{fx}/sig.pkcs1v15.sha256.bin", "rb").read()
em = pow(int.from_bytes(sig, "big"), e, n)


def arr(name, v, size=None):
    b = v if isinstance(v, bytes) else v.to_bytes(size or (v.bit_length() + 7) // 8, "big")
    return f"static const unsigned char {name}[{len(b)}] = {{{','.join(f'0x{x:02x}' for x in b)}}};\n"


sys.stdout.write(f"#define KEY_BYTES {k}\n" + "".join([
    arr("N", n, k), arr("E", e), arr("D", d, k), arr("P", p), arr("Q", q),
    arr("DP", dp), arr("DQ", dq), arr("QI", qi), arr("SIG", sig), arr("EM", em, k)]))
