// Package pn532 drives the NXP PN532 NFC controller over I²C, as found on
// the common red and blue breakout boards, to read the UIDs of ISO/IEC
// 14443 type A tags such as the NTAG21x stickers on FALLING's cards.
//
// # Datasheet
//
// PN532 user manual UM0701-02 (host link frames, commands, error codes):
// https://www.nxp.com/docs/en/user-guide/141520.pdf
//
// PN532 product data sheet (electrical, I²C timing):
// https://www.nxp.com/docs/en/nxp/data-sheets/PN532_C1.pdf
//
// # Wiring
//
// Most boards choose the host interface with two switches or jumpers
// labelled SEL0/SEL1 (or I0/I1): I²C is SEL0=1 (on/H), SEL1=0 (off/L).
// Power-cycle the board after changing them; the PN532 only reads them at
// reset. Connect SDA, SCL, 3V3 and GND; the chip answers at 7-bit address
// 0x24. Optionally connect the board's IRQ pin to a GPIO input: the PN532
// pulls it low when a frame is ready, which saves the host from polling the
// status byte over the bus.
//
// The PN532 supports a 400 kHz I²C bus, but it stretches the clock, which
// the I²C controller of the Raspberry Pi 4 and older mishandles
// (raspberrypi/linux#4884): run that bus at 100 kHz there. The driver keeps
// a bus-free time (Options.BusFree, 5 ms as libnfc) between transactions and
// polls the status byte once per bus-free time; the chip NACKs its address
// while it is busy, which the driver waits through until the command's
// timeout. Against pn532test's model one card read takes 10 transactions,
// 118 bytes and about 50 ms, a poll of an empty field 5 transactions and
// 25 ms (TestModelPoll), against the 100 ms between cards of a fast deal.
//
// # Protocol
//
// Every command is a normal information frame (00 00 FF LEN LCS D4 cmd ...
// DCS 00); the PN532 first acknowledges it with an ACK frame, then sends
// its response frame (D5 cmd+1 ...). On I²C every read starts with a status
// byte whose bit 0 says a frame is ready. The driver asks for a resend with
// NACK when a response's checksums do not balance and aborts a command that
// timed out by sending ACK, both as the user manual describes (§6.2.1).
package pn532
