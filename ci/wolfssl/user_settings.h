/* wolfSSL configuration for the side-by-side benchmark (ci/wolfssl-bench):
   only the SP RSA code of sp_armthumb.c (ARMv6-M) or sp_cortexm.c (ARMv7E-M)
   and the sp_int.c it reads its mp_int arguments with. Benchmark-only: never
   part of the crate. */
#ifndef RSA_CM_WOLF_USER_SETTINGS_H
#define RSA_CM_WOLF_USER_SETTINGS_H
#define SINGLE_THREADED
#define NO_FILESYSTEM
#define NO_WRITEV
#define NO_DEV_RANDOM
#define WOLFSSL_NO_SOCK
#define NO_ASN_TIME
#define WOLFCRYPT_ONLY
#define WOLFSSL_SP_MATH_ALL
#define WOLFSSL_HAVE_SP_RSA
#define WOLFSSL_SP_NO_3072
#define WOLFSSL_SP_NO_MALLOC
#define SP_WORD_SIZE 32
#define WOLFSSL_SP_ASM
#ifdef RSA_CM_WOLF_THUMB
#define WOLFSSL_SP_ARM_THUMB_ASM
#else
#define WOLFSSL_SP_ARM_CORTEX_M_ASM
#endif
#define NO_DH
#define NO_DSA
#define HAVE_ECC_NO /* no ECC */
#define NO_RC4
#define NO_MD4
#define NO_MD5
#define NO_SHA
#define NO_DES3
#define NO_PWDBASED
#define NO_HMAC
#define NO_AES
#define NO_RNG
#define WC_NO_RNG
#define NO_SIG_WRAPPER
#define NO_ERROR_STRINGS
#define NO_OLD_RNGNAME
#define WOLFSSL_NO_MALLOC
#define WOLFSSL_GENERAL_ALIGNMENT 4
#endif
