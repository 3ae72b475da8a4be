//! The interrupt vectors of the machine the images run on, as a device
//! crate (PAC) provides them on real hardware: QEMU's mps2-an385/an386 and
//! micro:bit (nRF51) have 32 external interrupts, mps2-an505 has 92. Every
//! vector is cortex-m-rt's `DefaultHandler`; no image enables an interrupt.
//! (Without its `device` feature, cortex-m-rt links a generic table of 240
//! entries on ARMv7-M and 480 on ARMv8-M: 960 and 1,920 bytes of flash that
//! no device's image carries.)

#[cfg(not(fw_an505))]
const IRQS: usize = 32;
#[cfg(fw_an505)]
const IRQS: usize = 92;

extern "C" {
    fn DefaultHandler();
}

#[link_section = ".vector_table.interrupts"]
#[no_mangle]
#[used]
static __INTERRUPTS: [unsafe extern "C" fn(); IRQS] = [DefaultHandler; IRQS];
