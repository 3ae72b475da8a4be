#!/bin/sh
# Signs an image the way data/image.sig was made: RSASSA-PSS, SHA-256, MGF1
# with SHA-256, and openssl's default salt length (the maximum: the verifier
# in src/main.rs detects it). To sign with a 32-byte salt instead (the
# digest length, what most verifiers expect by default), add
# `-sigopt rsa_pss_saltlen:digest`.
#
# The signing key stays outside the project folder (never committed):
#
#   openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out ~/firmware-signing.pem
#   openssl pkey -in ~/firmware-signing.pem -pubout -outform DER -out data/public.spki.der
#   ./sign.sh ~/firmware-signing.pem data/image.bin data/image.sig
set -eu
openssl dgst -sha256 -sign "$1" -sigopt rsa_padding_mode:pss -out "$3" "$2"
