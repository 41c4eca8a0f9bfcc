package postgrest

import (
	"encoding/binary"
	"math"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// pgEpochUnix is 2000-01-01T00:00:00Z, where PostgreSQL's binary timestamps count from, in Unix
// seconds.
const pgEpochUnix = 946684800

// appendRawCell appends what appendCell would for the value PostgreSQL sent as raw in field's
// type and format, and reports a null. done is false when it does not read that type and
// format (or the value is an infinite timestamp): the caller scans the value instead, so an
// unusual column type still renders as before.
func appendRawCell(b []byte, c Column, raw []byte, field pgconn.FieldDescription, asText, csv bool) (out []byte, null, done bool) {
	if raw == nil {
		return b, true, true
	}
	binaryFormat := field.Format == pgtype.BinaryFormatCode
	switch c.Type {
	case UUID:
		if field.DataTypeOID != pgtype.UUIDOID {
			return b, false, false
		}
		if binaryFormat {
			if len(raw) != 16 {
				return b, false, false
			}
			return appendUUIDCell(b, [16]byte(raw), csv), false, true
		}
		// uuid_out writes the canonical lowercase form already.
		return appendTextCell(b, bytesText(raw), csv), false, true
	case Integer:
		n, ok := rawInteger(raw, field)
		if !ok {
			return b, false, false
		}
		return appendIntegerCell(b, n, asText, csv), false, true
	case Timestamp:
		if field.DataTypeOID != pgtype.TimestamptzOID || !binaryFormat || len(raw) != 8 {
			return b, false, false
		}
		us := int64(binary.BigEndian.Uint64(raw))
		if us == math.MaxInt64 || us == math.MinInt64 { // 'infinity' and '-infinity'
			return b, false, false
		}
		// As pgx's timestamptz codec decodes it.
		t := time.Unix(pgEpochUnix+us/1_000_000, (us%1_000_000)*1000)
		return appendTimeCell(b, t, asText, csv), false, true
	}
	if field.DataTypeOID != pgtype.TextOID && field.DataTypeOID != pgtype.VarcharOID {
		return b, false, false
	}
	// text and varchar are their UTF-8 bytes in either format.
	return appendTextCell(b, bytesText(raw), csv), false, true
}

// rawInteger reads an int2, int4 or int8 value in either format.
func rawInteger(raw []byte, field pgconn.FieldDescription) (int64, bool) {
	if field.Format != pgtype.BinaryFormatCode {
		switch field.DataTypeOID {
		case pgtype.Int2OID, pgtype.Int4OID, pgtype.Int8OID:
			n, err := strconv.ParseInt(bytesText(raw), 10, 64)
			return n, err == nil
		}
		return 0, false
	}
	switch {
	case field.DataTypeOID == pgtype.Int2OID && len(raw) == 2:
		return int64(int16(binary.BigEndian.Uint16(raw))), true
	case field.DataTypeOID == pgtype.Int4OID && len(raw) == 4:
		return int64(int32(binary.BigEndian.Uint32(raw))), true
	case field.DataTypeOID == pgtype.Int8OID && len(raw) == 8:
		return int64(binary.BigEndian.Uint64(raw)), true
	}
	return 0, false
}
