#!/bin/sh
# Signs an image the way data/image.sig was made: RSASSA-PSS, SHA-256, MGF1
# with SHA-256, and openssl's default salt length (the maximum: the verifier
# in src/main.rs detects it). To sign with a 32-byte salt instead (the
# digest length, what most verifiers expect by default), add
# `-sigopt rsa_pss_saltlen:digest`.
#
#   ./sign.sh private.pem image.bin image.sig
#   openssl pkey -in private.pem -pubout -outform DER -out data/public.spki.der
set -eu
openssl dgst -sha256 -sign "$1" -sigopt rsa_padding_mode:pss -out "$3" "$2"
