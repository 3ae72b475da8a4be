#!/usr/bin/env bash
# Makes the certificate chains of tests/data/tls with the openssl command-line
# tool (run from this directory: ./gen.sh; OpenSSL 3.x). The committed files
# were made by exactly these commands (see PROVENANCE.md); rerunning makes new
# keys, so the firmware image and the tests pick up the new files.
#
# chain a (PKCS#1 v1.5, 2048 bits):
#   a-root    RSA-2048, self-signed, sha256WithRSAEncryption
#   a-int     RSA-2048, signed by a-root, sha256WithRSAEncryption
#   a-leaf    RSA-2048, signed by a-int,  sha384WithRSAEncryption
# chain b (RSA-PSS, 4096 bits):
#   b-root    RSA-4096, self-signed, RSASSA-PSS SHA-512 (MGF1-SHA-512, salt 64)
#   b-int     RSA-4096, signed by b-root, RSASSA-PSS SHA-512 (salt 64)
#   b-leaf    RSA-4096, signed by b-int,  RSASSA-PSS SHA-256 (MGF1-SHA-256, salt 32)
# negative cases:
#   a-leaf-otherkey      a-leaf's name and key, signed by another key (x-int)
#                        that carries a-int's subject name, and no authority
#                        key identifier: a verifier finds a-int as its issuer
#                        by name and the signature fails
#   b-leaf-pss-mgf1      b-leaf's key, signed by b-int with RSASSA-PSS whose
#                        MGF1 hash (SHA-384) differs from its hash (SHA-256)
#   b-leaf-pss-salt20    b-leaf's key, RSASSA-PSS SHA-256 with a 20-byte salt
#                        (TLS and webpki require salt = hash length)
#   b-leaf-pss-hash384   b-leaf with its PSS SHA-256 identifier, signed over
#                        SHA-384 (see mismatched_hash below)
# a-client: a client certificate (clientAuth) with a-leaf's key, from a-int.
# c-4104: a 4104-bit public key with a signature (see oversize below).
set -euo pipefail
cd "$(dirname "$0")"
DAYS=36500

key() { openssl genpkey -quiet -algorithm RSA -pkeyopt "rsa_keygen_bits:$2" -out "$1.key.pem"; }
ca_ext() {
    printf '%s\n' "basicConstraints=critical,CA:TRUE${2:+,pathlen:$2}" \
        "keyUsage=critical,keyCertSign,cRLSign" \
        "subjectKeyIdentifier=hash" "authorityKeyIdentifier=keyid" >"$1"
}
leaf_ext() { # leaf_ext FILE [noaki|client]
    local eku=serverAuth
    [ "${2:-}" = client ] && eku=clientAuth
    printf '%s\n' "basicConstraints=critical,CA:FALSE" \
        "keyUsage=critical,digitalSignature" "extendedKeyUsage=$eku" \
        "subjectAltName=DNS:localhost,IP:127.0.0.1" "subjectKeyIdentifier=hash" >"$1"
    if [ "${2:-}" = noaki ]; then echo "authorityKeyIdentifier=none" >>"$1"; else echo "authorityKeyIdentifier=keyid" >>"$1"; fi
}
root() { # root NAME SUBJECT SIGOPTS...
    local name=$1 subj=$2
    shift 2
    ca_ext "$name.ext"
    openssl req -new -x509 -key "$name.key.pem" -subj "$subj" -days $DAYS \
        -extensions v3 -config <(printf '[req]\ndistinguished_name=dn\n[dn]\n[v3]\n'; cat "$name.ext") \
        "$@" -out "$name.pem"
    rm "$name.ext"
}
issue() { # issue NAME SUBJECT ISSUER EXT-KIND CERT-NAME SIGOPTS...
    local name=$1 subj=$2 issuer=$3 kind=$4 cert=$5
    shift 5
    case "$kind" in
        ca) ca_ext "$cert.ext" 0 ;;
        leaf) leaf_ext "$cert.ext" ;;
        leaf-noaki) leaf_ext "$cert.ext" noaki ;;
        client) leaf_ext "$cert.ext" client ;;
    esac
    openssl req -new -key "$name.key.pem" -subj "$subj" -out "$cert.csr"
    openssl x509 -req -in "$cert.csr" -CA "$issuer.pem" -CAkey "$issuer.key.pem" \
        -set_serial "0x$(openssl rand -hex 8)" -days $DAYS -extfile "$cert.ext" "$@" -out "$cert.pem"
    rm "$cert.csr" "$cert.ext"
}
pss() { echo -sigopt rsa_padding_mode:pss -sigopt "rsa_pss_saltlen:$1" -sigopt "rsa_mgf1_md:$2"; }

key a-root 2048
key a-int 2048
key a-leaf 2048
root a-root "/CN=rsa-cortex-m test root A (PKCS#1 2048)" -sha256
issue a-int "/CN=rsa-cortex-m test intermediate A" a-root ca a-int -sha256
issue a-leaf "/CN=localhost" a-int leaf a-leaf -sha384

key b-root 4096
key b-int 4096
key b-leaf 4096
# shellcheck disable=SC2046
root b-root "/CN=rsa-cortex-m test root B (PSS 4096)" -sha512 $(pss 64 sha512)
# shellcheck disable=SC2046
issue b-int "/CN=rsa-cortex-m test intermediate B" b-root ca b-int -sha512 $(pss 64 sha512)
# shellcheck disable=SC2046
issue b-leaf "/CN=localhost" b-int leaf b-leaf -sha256 $(pss 32 sha256)

# Negative cases.
key x-int 2048
root x-int "/CN=rsa-cortex-m test intermediate A" -sha256
issue a-leaf "/CN=localhost" x-int leaf-noaki a-leaf-otherkey -sha384
rm x-int.pem x-int.key.pem
# shellcheck disable=SC2046
issue b-leaf "/CN=localhost" b-int leaf b-leaf-pss-mgf1 -sha256 $(pss 32 sha384)
# shellcheck disable=SC2046
issue b-leaf "/CN=localhost" b-int leaf b-leaf-pss-salt20 -sha256 $(pss 20 sha256)

# b-leaf-pss-hash384: b-leaf's to-be-signed certificate as it is (its
# signature AlgorithmIdentifier says RSASSA-PSS with SHA-256, MGF1-SHA-256,
# salt 32), signed by b-int's key with RSASSA-PSS SHA-384 (MGF1-SHA-384,
# salt 48) instead: a valid signature under another hash than the
# identifier's. openssl signs; python3 only cuts and splices the DER.
der_split() { # der_split CERT.der TBS.der ALG.der: the certificate's first two elements
    python3 - "$@" <<'PY'
import sys
d = open(sys.argv[1], "rb").read()
def tlv(b, i):  # (start, end) of the TLV at i
    n = b[i + 1]
    if n < 0x80:
        return i, i + 2 + n
    k = n & 0x7F
    return i, i + 2 + k + int.from_bytes(b[i + 2:i + 2 + k], "big")
_, end = tlv(d, 0)
body = 2 + (d[1] & 0x7F if d[1] & 0x80 else 0)
t0, t1 = tlv(d, body)
a0, a1 = tlv(d, t1)
open(sys.argv[2], "wb").write(d[t0:t1])
open(sys.argv[3], "wb").write(d[a0:a1])
PY
}
der_join() { # der_join TBS.der ALG.der SIG OUT.der: SEQUENCE { tbs, alg, BIT STRING sig }
    python3 - "$@" <<'PY'
import sys
def tlv(tag, c):
    n = len(c)
    if n < 0x80:
        h = bytes([n])
    else:
        b = n.to_bytes((n.bit_length() + 7) // 8, "big")
        h = bytes([0x80 | len(b)]) + b
    return bytes([tag]) + h + c
tbs, alg, sig = (open(f, "rb").read() for f in sys.argv[1:4])
open(sys.argv[4], "wb").write(tlv(0x30, tbs + alg + tlv(0x03, b"\0" + sig)))
PY
}
mismatched_hash() {
    der_split b-leaf.der tbs.der alg.der
    openssl dgst -sha384 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:48 \
        -sigopt rsa_mgf1_md:sha384 -sign b-int.key.pem -out tbs.sig tbs.der
    der_join tbs.der alg.der tbs.sig b-leaf-pss-hash384.der
    openssl x509 -inform DER -in b-leaf-pss-hash384.der -out b-leaf-pss-hash384.pem
    rm tbs.der alg.der tbs.sig
}

# a-client: a TLS client certificate (clientAuth) for a-leaf's key, from a-int.
client_cert() {
    issue a-leaf "/CN=rsa-cortex-m test client" a-int client a-client -sha256
    openssl x509 -in a-client.pem -outform DER -out a-client.der
}

# A key above 4096 bits (for rsa_cortex_m::tls::max4096, which refuses it
# where the 8192-bit algorithms and ring accept it): RSAPublicKey DER and a
# PKCS#1 v1.5 SHA-256 signature over c-4104.msg.
oversize() {
    key c-4104 4104
    printf 'rsa-cortex-m: a 4104-bit key\n' >c-4104.msg
    openssl pkey -in c-4104.key.pem -pubout -out c-4104.spki.pem
    openssl rsa -pubin -in c-4104.spki.pem -RSAPublicKey_out -outform DER -out c-4104.pub.der
    openssl dgst -sha256 -sign c-4104.key.pem -out c-4104.sig c-4104.msg
    rm c-4104.spki.pem c-4104.key.pem
}
oversize

# DER copies (webpki, the firmware) and the chain files s_server sends.
for c in *.pem; do
    case "$c" in *.key.pem) continue ;; esac
    openssl x509 -in "$c" -outform DER -out "${c%.pem}.der"
done
mismatched_hash
client_cert
for k in a-leaf b-leaf; do
    openssl pkcs8 -topk8 -nocrypt -in "$k.key.pem" -outform DER -out "$k.key.der"
done
sha256sum -- *.pem *.der c-4104.msg c-4104.sig >SHA256SUMS
