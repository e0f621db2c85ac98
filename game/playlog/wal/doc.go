// Package wal is the append-only, checksummed record file under a hand's play
// log. A referee settles disputes from this file, so it is built like a
// database write-ahead log: every record is framed and CRC-checked, the CRCs
// chain from the file header through every record, a torn tail left by a power
// cut is detected and cut, and nothing is called durable until fsync says so.
//
// Records are opaque here: a type byte and a payload. What they mean (seat
// presses, card scans, engine decisions) belongs to the package above.
//
// # File format (all integers little-endian)
//
// Header, written once by Create:
//
//	off  size  field
//	0    8     magic "\x89FALLING" (the high first byte catches 7-bit mangling)
//	8    2     format version (this package writes and reads up to 1)
//	10   1     kind: opaque to wal, lets a caller refuse the wrong sort of file
//	11   1     reserved, zero
//	12   8     creation wall time, Unix nanoseconds
//	20   2     id length n (at most MaxIDLen)
//	22   n     id (a hand id, a night id)
//	22+n 4     CRC-32C of bytes [0, 22+n)
//
// Records, back to back, no padding:
//
//	off  size  field
//	0    4     CRC-32C of bytes [4, 17+len), seeded with the previous record's
//	           CRC (the header CRC for the first record)
//	4    4     payload length (at most MaxPayload)
//	8    8     sequence number: the first record is 1, then +1 each
//	16   1     type
//	17   len   payload
//
// Seeding each CRC with its predecessor's means a record copied from another
// log, or a stale block left over from an earlier file, cannot pass as the
// next record even though its own bytes are intact.
//
// # Damage
//
// Reading stops at the first record that does not check (short, over-long,
// bad CRC, wrong sequence number) and classifies what follows:
//
//   - torn tail: nothing after the bad frame but zeros, or the bad frame runs
//     past the end of the file and no later record can be found. This is what
//     a power cut during an append leaves; the bytes were never reported
//     durable, and OpenForAppend cuts them.
//   - corrupt: more data follows the bad frame (non-zero bytes after its end,
//     or a later record that checks against the bad frame's stored CRC). This
//     is damage to data that may have been durable; it is reported with its
//     offset and OpenForAppend refuses to truncate it.
//
// No record that failed its CRC is ever returned.
//
// # Durability
//
// Append frames a record into an in-memory buffer and returns at once. A
// background flusher writes and fsyncs the buffer at most FlushInterval after
// the first unflushed append (a group commit per beat), sooner when Sync asks
// or the buffer passes half its bound. Durable reports the highest sequence
// number whose fsync returned success; WaitDurable waits for one.
//
// When the disk is slower than the table the buffer grows to MaxBuffered and
// Append then fails with ErrBufferFull, appending nothing: the caller learns
// of it at once and can retry or raise the alarm. Nothing is dropped
// silently, and Append never waits on the disk.
//
// A failed write or fsync is sticky. After a failed fsync Linux may have
// dropped the dirty pages and cleared the error, so retrying would report
// success for data that is not on the disk (the 2018 "fsyncgate"
// discussion). The Writer therefore stops: every later call returns the error,
// Durable stops advancing, and NotDurable hands back the records whose fate is
// unknown so the caller can log them again in a fresh file.
package wal
