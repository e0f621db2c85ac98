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
//	8    2     format version: Create writes 2; files of format 1 are still
//	           read and appended to (in format 1)
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
//	0    4     CRC-32C of bytes [4, 17+len), seeded with the previous frame's
//	           CRC (the header CRC for the first frame)
//	4    4     payload length (at most MaxPayload)
//	8    8     sequence number: the first record is 1, then +1 each
//	16   1     type
//	17   len   payload
//
// Format 2 ends every group commit with a commit mark, written in the same
// write as the group's records and before its fsync:
//
//	off  size  field
//	0    4     CRC-32C of bytes [4, 33), seeded with the previous frame's CRC
//	4    4     0xFFFFFFFF (no record can have this length)
//	8    8     sequence number of the last record in the group
//	16   1     zero
//	17   8     the mark's own offset in the file
//	25   4     the header's CRC
//	29   4     CRC-32C of bytes [4, 29), unseeded
//
// Seeding each CRC with its predecessor's means a record copied from another
// log, or a stale block left over from an earlier file, cannot pass as the
// next record even though its own bytes are intact. The mark's second,
// unseeded CRC lets a reader that lost the chain at damage still find marks
// further on; the offset and header CRC inside keep a mark copied from
// elsewhere from passing.
//
// # Damage
//
// Reading stops at the first frame that does not check (short, over-long,
// bad CRC, wrong sequence number) and classifies what follows. The writer
// writes a group only after the previous group's fsync returned, so in
// format 2:
//
//   - torn tail: no commit mark follows the bad frame. Its group never
//     completed a commit, so nothing in it was reported durable
//     (Damage.NeverDurable); OpenForAppend cuts it.
//   - torn tail: one mark follows, nothing but zeros after it, and a page
//     of the group reads as zeros. A power cut wrote the group's pages back
//     out of order before its fsync returned; never reported durable, cut.
//   - torn tail, nothing lost: the bad frame is the last commit mark itself,
//     written whole but damaged. Every record reads back; cutting the mark
//     loses none.
//   - corrupt: anything else. A mark followed by more data means the damaged
//     group had been fsynced; a mark with no lost page means records that
//     were reported durable were damaged afterwards (a flipped byte). It is
//     reported with its offset and OpenForAppend refuses to truncate it.
//
// Format 1 has no marks and is judged from the bytes alone: a bad frame with
// nothing but zeros after it, or one that runs past the end of the file with
// no later record to be found, is called a torn tail; more data after it is
// corrupt. There a flipped byte in the last record looks like a torn write,
// and the messages say that the format cannot tell them apart.
//
// The examination streams through a fixed buffer, so a damaged tail of any
// size is read in bounded memory. No record that failed its CRC is ever
// returned.
//
// Corrupt damage in the middle (bit rot, a bad sector) need not hide what
// follows it. The reader finds where the log checks again: a commit mark
// that checks on its own, the frame after the bad one chained from the bad
// frame's stored CRC, or two frames the second of which chains from the
// first (Reader.findResync says why a false find is vanishingly unlikely).
// Damage.Resume, ResumeSeq and Lost say where and how many records were
// lost; the count is exact, since sequence numbers run on without a gap.
// Reader.Resync and Reader.Salvage step over it for review; the records
// after it are marked AfterDamage. Appending never steps over damage:
// OpenForAppend refuses a corrupt log as before, and its error says that
// the log reads again after it, so no good record is ever cut.
//
// # Durability
//
// Append frames a record into an in-memory buffer and returns at once. A
// background flusher writes and fsyncs the buffer at most
// Options.FlushInterval after the first unflushed append (a group commit per
// beat), sooner when Sync asks or the buffer passes half its bound. Durable
// reports the highest sequence number whose fsync returned success;
// WaitDurable waits for one. In format 2 each such commit ends with its mark,
// written with the records before the fsync: records that no mark follows
// were never reported durable.
//
// When the disk is slower than the table the buffer grows to
// Options.MaxBuffered and Append then fails with ErrBufferFull, appending
// nothing: the caller learns of it at once and can retry or raise the alarm.
// Nothing is dropped silently, and Append never waits on the disk.
//
// Options is a plain struct whose zero value is the table's setup, as
// elsewhere in the project; a caller names only what it changes
// (wal.Options{FlushInterval: wal.NoDelay} in a test that wants every record
// on disk at once).
//
// A failed write or fsync is sticky. After a failed fsync Linux may have
// dropped the dirty pages and cleared the error, so retrying would report
// success for data that is not on the disk (the 2018 "fsyncgate"
// discussion). The Writer therefore stops: every later call returns the error,
// Durable stops advancing, and NotDurable hands back the records whose fate is
// unknown so the caller can log them again in a fresh file.
package wal
