package models

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// TestScoreFromRawRefusesWhatItDoesNotRead checks that the score row's decoder reads the types
// and formats the schema gives it and leaves any other row to pgx's scan (false), so a changed
// column type is still read right, only slower.
func TestScoreFromRawRefusesWhatItDoesNotRead(t *testing.T) {
	i4 := func(v int32) []byte { return binary.BigEndian.AppendUint32(nil, uint32(v)) }
	f8 := func(v float64) []byte { return binary.BigEndian.AppendUint64(nil, math.Float64bits(v)) }
	id := []byte{0x01, 0x93, 0x5b, 0x2e, 0x7c, 0x11, 0x70, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2a}
	oids := []uint32{pgtype.UUIDOID, pgtype.Int4OID, pgtype.TextOID, pgtype.BoolOID, pgtype.Float8OID, pgtype.TextOID, pgtype.TextOID, pgtype.TextOID, pgtype.Float8OID, pgtype.TextOID, pgtype.Float8OID, pgtype.Int4OID}
	row := func() ([]pgconn.FieldDescription, [][]byte) {
		fields := make([]pgconn.FieldDescription, len(oids))
		for i, o := range oids {
			fields[i] = pgconn.FieldDescription{DataTypeOID: o, Format: pgtype.BinaryFormatCode}
			if o == pgtype.TextOID {
				fields[i].Format = pgtype.TextFormatCode
			}
		}
		return fields, [][]byte{id, i4(12), []byte("yanlis"), {1}, f8(0.93), []byte("knowledge-base-match"), nil, nil,
			f8(71.5), []byte("kismen"), nil, i4(3)}
	}
	fields, raw := row()
	var c Claim
	var basis, matches *string
	if !scoreFromRaw(fields, raw, &c, &basis, &matches) {
		t.Fatal("the schema's row was refused")
	}
	if c.ID != "01935b2e-7c11-7000-8000-00000000002a" || c.AIScore != 12 || c.AIVerdict != "yanlis" || *c.Facts.Decided != true ||
		*c.Facts.Confidence != 0.93 || *c.Facts.Method != "knowledge-base-match" || basis != nil || matches != nil ||
		*c.CommunityScore != 71.5 || *c.CommunityVerdict != "kismen" || c.CommunityConfidence != nil || c.ExpertCount != 3 {
		t.Errorf("decoded %+v (basis %v, matches %v)", c, basis, matches)
	}
	for _, tc := range []struct {
		name  string
		spoil func(f []pgconn.FieldDescription, r [][]byte) ([]pgconn.FieldDescription, [][]byte)
	}{
		{"score as bigint", func(f []pgconn.FieldDescription, r [][]byte) ([]pgconn.FieldDescription, [][]byte) {
			f[1].DataTypeOID = 20
			return f, r
		}},
		{"confidence in text format", func(f []pgconn.FieldDescription, r [][]byte) ([]pgconn.FieldDescription, [][]byte) {
			f[4].Format = pgtype.TextFormatCode
			return f, r
		}},
		{"community score as real", func(f []pgconn.FieldDescription, r [][]byte) ([]pgconn.FieldDescription, [][]byte) {
			r[8] = r[8][:4]
			return f, r
		}},
		{"id NULL", func(f []pgconn.FieldDescription, r [][]byte) ([]pgconn.FieldDescription, [][]byte) {
			r[0] = nil
			return f, r
		}},
		{"a column missing", func(f []pgconn.FieldDescription, r [][]byte) ([]pgconn.FieldDescription, [][]byte) {
			return f[:11], r[:11]
		}},
	} {
		f, r := tc.spoil(row())
		var c Claim
		if scoreFromRaw(f, r, &c, &basis, &matches) {
			t.Errorf("%s: decoded instead of left to the scan", tc.name)
		}
	}
}
