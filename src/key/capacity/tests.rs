use super::*;

/// The figures of the module documentation's table that hold on every
/// target (the private work area depends on the window width).
#[test]
fn public_work_is_four_moduli() {
    assert_eq!(Max1024::PUBLIC_WORK_BYTES, 512);
    assert_eq!(Max2048::PUBLIC_WORK_BYTES, 1024);
    assert_eq!(Max3072::PUBLIC_WORK_BYTES, 1536);
    assert_eq!(Max4096::PUBLIC_WORK_BYTES, 2048);
    assert_eq!(Max8192::PUBLIC_WORK_BYTES, 4096);
    assert_eq!(Max1024::LOAD_WORK_BYTES, 592);
    assert_eq!(Max2048::LOAD_WORK_BYTES, 1144);
    assert_eq!(Max3072::LOAD_WORK_BYTES, 1696);
    assert_eq!(Max4096::LOAD_WORK_BYTES, 2248);
    assert_eq!(Max8192::LOAD_WORK_BYTES, 4456);
    const { assert!(Max2048::PUBLIC_WORK_BYTES < Max2048::WORK_BYTES) };
    if cfg!(not(target_pointer_width = "64")) {
        let not_n = crate::arith::kernels::WINDOW_NOT_N;
        assert_eq!(Max1024::WORK_BYTES, if not_n { 1536 } else { 1472 });
        assert_eq!(Max2048::WORK_BYTES, if not_n { 3072 } else { 2944 });
        assert_eq!(Max4096::WORK_BYTES, if not_n { 6144 } else { 5888 });
    }
}
