/* Side-by-side benchmark of wolfSSL's SP RSA (sp_armthumb.c for ARMv6-M,
   sp_cortexm.c for ARMv7E-M) on the project's cycle models: the same
   regions protocol as firmware/src/bin/bench.rs (bench_start/bench_stop,
   "bench-region" lines over semihosting), read by ci/m4_bench.py.
   Benchmark-only: built by ci/wolfssl-bench from the wolfssl-sys crate's
   bundled source, never linked into the crate. */
#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/sp_int.h>
#include <wolfssl/wolfcrypt/sp.h>
#include <string.h>
#include "key.h"

static int semihost(int op, const void *arg) {
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

static void put(const char *s) { semihost(0x04, s); }

static void put_u(unsigned v) {
    char b[12];
    int i = 11;
    b[i] = 0;
    do { b[--i] = (char)('0' + v % 10); v /= 10; } while (v);
    put(&b[i]);
}

static void __attribute__((noreturn)) finish(int ok) {
    /* SYS_EXIT with ADP_Stopped_ApplicationExit (0x20026) or RunTimeErrorUnknown. */
    semihost(0x18, (const void *)(ok ? 0x20026 : 0x20023));
    for (;;) {}
}

volatile unsigned bench_current, bench_last;
void __attribute__((noinline)) bench_start(unsigned id) { bench_current = id; __asm__ volatile("" ::: "memory"); }
void __attribute__((noinline)) bench_stop(unsigned id) { __asm__ volatile("" ::: "memory"); bench_last = id; }

static unsigned next_region;
static void region(const char *op, unsigned bits, unsigned e) {
    put("bench-region "); put_u(next_region); put(" "); put(op); put(" ");
    put_u(bits); put(" "); put_u(e); put("\n");
}

static mp_int n, e, d, p, q, dp, dq, qi;

static void load(mp_int *m, const unsigned char *b, unsigned len) {
    if (mp_init(m) != MP_OKAY || mp_read_unsigned_bin(m, b, len) != MP_OKAY) {
        put("wolfssl-bench: key load failed\n");
        finish(0);
    }
}

int main(void) {
    static unsigned char out[KEY_BYTES];
    word32 out_len;
    load(&n, N, sizeof N); load(&e, E, sizeof E); load(&d, D, sizeof D);
    load(&p, P, sizeof P); load(&q, Q, sizeof Q); load(&dp, DP, sizeof DP);
    load(&dq, DQ, sizeof DQ); load(&qi, QI, sizeof QI);

    /* public: EM = sig^e mod n, checked against Python's pow. */
    region("public", 8 * KEY_BYTES, 65537);
    out_len = sizeof out;
    bench_start(next_region);
    int rc = sp_RsaPublic_2048(SIG, sizeof SIG, &e, &n, out, &out_len);
    bench_stop(next_region++);
    if (rc != 0 || out_len != KEY_BYTES || memcmp(out, EM, KEY_BYTES) != 0) {
        put("wolfssl-bench: public result wrong\n");
        finish(0);
    }

    /* private (CRT): sig = EM^d mod n, checked against OpenSSL's signature. */
    region("private", 8 * KEY_BYTES, 0);
    out_len = sizeof out;
    bench_start(next_region);
    rc = sp_RsaPrivate_2048(EM, sizeof EM, &d, &p, &q, &dp, &dq, &qi, &n, out, &out_len);
    bench_stop(next_region++);
    if (rc != 0 || out_len != KEY_BYTES || memcmp(out, SIG, KEY_BYTES) != 0) {
        put("wolfssl-bench: private result wrong\n");
        finish(0);
    }
    put("bench-done 2\n");
    finish(1);
}

/* Start-up: vector table, .data/.bss, main. */
extern unsigned _sidata, _sdata, _edata, _sbss, _ebss, _estack;
void __attribute__((noreturn)) reset(void) {
    unsigned *s = &_sidata, *dst = &_sdata;
    while (dst < &_edata) *dst++ = *s++;
    for (dst = &_sbss; dst < &_ebss;) *dst++ = 0;
    main();
    finish(0);
}
static void __attribute__((noreturn)) fault(void) {
    put("wolfssl-bench: fault\n");
    finish(0);
}
__attribute__((section(".vectors"), used)) static void *const vectors[16] = {
    &_estack, (void *)reset, (void *)fault, (void *)fault,
    (void *)fault, (void *)fault, (void *)fault, 0, 0, 0, 0,
    (void *)fault, (void *)fault, 0, (void *)fault, (void *)fault,
};
