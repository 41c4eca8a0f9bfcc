package models

import (
	"encoding/binary"
	"math"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// scoreFromRaw fills c (and the basis and matches texts, nil when NULL) from the score read's row
// as PostgreSQL sent it (scoreColumns' order; binary, text as text), without pgx's scan plans: building
// them for every query was a sixth of the read's CPU in the process, beside the query itself. It
// reports false, leaving the row to rows.Scan, for any type or format it does not expect.
func scoreFromRaw(fields []pgconn.FieldDescription, raw [][]byte, c *Claim, basis, matches **string) bool {
	want := [...]uint32{pgtype.UUIDOID, pgtype.Int4OID, pgtype.TextOID, pgtype.BoolOID, pgtype.Float8OID, pgtype.TextOID, pgtype.TextOID, pgtype.TextOID, pgtype.Float8OID, pgtype.TextOID, pgtype.Float8OID, pgtype.Int4OID}
	if len(fields) != len(want) || len(raw) != len(want) {
		return false
	}
	for i, f := range fields {
		// Text is its UTF-8 bytes in either format; the other types are read in binary only.
		if f.DataTypeOID != want[i] || f.Format != pgtype.BinaryFormatCode && want[i] != pgtype.TextOID || !rawSized(want[i], raw[i]) {
			return false
		}
	}
	// Columns that are never NULL (the id, the analysis's score and verdict, the expert count).
	if raw[0] == nil || raw[1] == nil || raw[2] == nil || raw[11] == nil {
		return false
	}
	c.ID = uuid.UUID(raw[0]).String()
	c.AIScore = int(int32(binary.BigEndian.Uint32(raw[1])))
	c.AIVerdict = verdictText(raw[2])
	c.Facts.Decided = rawBool(raw[3])
	c.Facts.Confidence = rawFloat(raw[4])
	c.Facts.Method = rawText(raw[5])
	*basis, *matches = rawText(raw[6]), rawText(raw[7])
	c.CommunityScore = rawFloat(raw[8])
	if v := raw[9]; v != nil {
		s := verdictText(v)
		c.CommunityVerdict = &s
	}
	c.CommunityConfidence = rawFloat(raw[10])
	c.ExpertCount = int(int32(binary.BigEndian.Uint32(raw[11])))
	return true
}

// rawSized reports whether a non-NULL binary value has its type's size.
func rawSized(oid uint32, b []byte) bool {
	if b == nil {
		return true
	}
	switch oid {
	case pgtype.BoolOID:
		return len(b) == 1
	case pgtype.Int4OID:
		return len(b) == 4
	case pgtype.Float8OID:
		return len(b) == 8
	case pgtype.UUIDOID:
		return len(b) == 16
	}
	return true
}

func rawBool(b []byte) *bool {
	if b == nil {
		return nil
	}
	v := b[0] != 0
	return &v
}

func rawFloat(b []byte) *float64 {
	if b == nil {
		return nil
	}
	v := math.Float64frombits(binary.BigEndian.Uint64(b))
	return &v
}

func rawText(b []byte) *string {
	if b == nil {
		return nil
	}
	v := string(b)
	return &v
}

// verdictText is a verdict's text, without a copy for the four the schema allows.
func verdictText(b []byte) string {
	switch string(b) {
	case "dogru":
		return "dogru"
	case "kismen":
		return "kismen"
	case "yanlis":
		return "yanlis"
	case "belirsiz":
		return "belirsiz"
	}
	return string(b)
}
