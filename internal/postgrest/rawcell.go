package postgrest

import (
	"encoding/binary"
	"math"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// rawRows is what pgx's rows offer beyond database.Rows: each value's bytes as PostgreSQL sent
// them, valid until the next Next, and the columns' descriptions (type and format). Rendering a
// read from them skips pgx's scan plans and the Go value each scan builds (a string per text
// column, however long), which were a fifth of a read's CPU beside the query itself.
type rawRows interface {
	FieldDescriptions() []pgconn.FieldDescription
	RawValues() [][]byte
}

// PostgreSQL type OIDs appendRawCell reads (pg_type.dat).
const (
	oidInt8        = 20
	oidInt2        = 21
	oidInt4        = 23
	oidText        = 25
	oidVarchar     = 1043
	oidTimestamptz = 1184
	oidUUID        = 2950
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
		if field.DataTypeOID != oidUUID {
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
		if field.DataTypeOID != oidTimestamptz || !binaryFormat || len(raw) != 8 {
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
	if field.DataTypeOID != oidText && field.DataTypeOID != oidVarchar {
		return b, false, false
	}
	// text and varchar are their UTF-8 bytes in either format.
	return appendTextCell(b, bytesText(raw), csv), false, true
}

// rawInteger reads an int2, int4 or int8 value in either format.
func rawInteger(raw []byte, field pgconn.FieldDescription) (int64, bool) {
	if field.Format != pgtype.BinaryFormatCode {
		switch field.DataTypeOID {
		case oidInt2, oidInt4, oidInt8:
			n, err := strconv.ParseInt(bytesText(raw), 10, 64)
			return n, err == nil
		}
		return 0, false
	}
	switch {
	case field.DataTypeOID == oidInt2 && len(raw) == 2:
		return int64(int16(binary.BigEndian.Uint16(raw))), true
	case field.DataTypeOID == oidInt4 && len(raw) == 4:
		return int64(int32(binary.BigEndian.Uint32(raw))), true
	case field.DataTypeOID == oidInt8 && len(raw) == 8:
		return int64(binary.BigEndian.Uint64(raw)), true
	}
	return 0, false
}
