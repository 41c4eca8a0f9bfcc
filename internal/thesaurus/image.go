package thesaurus

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"unsafe"
)

// The image is every array Open needs, already built (sorted, indexed, folded) by load from the
// tables in data/, laid out so that Open can point the Thesaurus at the embedded bytes instead
// of decoding them: the tables then live in the binary's read-only data, outside the Go heap,
// and only the pages a look-up touches become resident (issue 16).
//
// Layout, all integers little-endian:
//
//	0   magic "CCTHES\r\n"
//	8   format version (uint32), number of sections (uint32)
//	16  length of the whole image (uint64)
//	24  SHA-256 of the source tables (sourceSum)
//	56  CRC-32 (IEEE) of the header and the section table, this field and its padding zero
//	64  section table: offset and length in bytes of each section (uint32 each)
//	…   sections, each starting at a multiple of 8, zero-padded
//
// Sections come in the order eachSection visits the Thesaurus's arrays; a string section is the
// bytes of a strList's text, an array section its elements. The checksum covers the header
// only: checking the tables themselves would read every page of them at Open.

const (
	// imageMagic opens every image; the line ending catches a copy that rewrote line endings.
	imageMagic = "CCTHES\r\n"
	// imageVersion changes whenever eachSection or an element type changes.
	imageVersion = 2
	// imageFile is the image's path in this package; ./genimage writes it.
	imageFile = "data/tables.img"
	// imageHeader is the size of the fixed part of the header, before the section table.
	imageHeader = 64
	// imageCRC is where the header's checksum is.
	imageCRC = 56
)

// sections walks the arrays of a Thesaurus in one fixed order, either encoding them into an
// image or pointing them at one.
type sections struct {
	encode bool
	// Encoding: the sections' bytes one after another and where each starts and ends.
	body  []byte
	spans [][2]uint32
	// Decoding: the image, its section table, the next section and whether the arrays may
	// alias the image (aligned little-endian image on a little-endian machine).
	img     string
	table   string
	next    int
	inPlace bool
	err     error
}

// eachSection visits every array of t once, in image order. trFold.lists is not an array of
// its own: it repeats the headers of three word lists (see link).
func (t *Thesaurus) eachSection(s *sections) {
	s.senseTable(&t.senses)
	s.graph(&t.en)
	for p := range t.exc {
		s.strList(&t.exc[p].words)
		section(s, &t.exc[p].at)
		s.strList(&t.exc[p].items)
	}
	s.dict(&t.enTr)
	s.dict(&t.trEn)
	section(s, &t.trFold.refs)
	s.senseTable(&t.trSenses)
	s.graph(&t.tr)
	s.dict(&t.kEnTr)
	s.dict(&t.kTrEn)
}

// link sets the fold table's word lists, the headers of the Turkish tables it points into.
func (t *Thesaurus) link() {
	t.trFold.lists = [3]strList{t.trEn.words, t.trSenses.lemmas, t.kTrEn.words}
}

func (s *sections) strList(l *strList) {
	s.text(&l.text)
	section(s, &l.off)
	section(s, &l.bucket)
}

func (s *sections) senseTable(st *senseTable) {
	s.strList(&st.lemmas)
	section(s, &st.at)
	section(s, &st.senses)
}

func (s *sections) dict(d *dict) {
	s.strList(&d.words)
	s.strList(&d.lists)
}

func (s *sections) graph(g *graph) {
	section(s, &g.hyperAt)
	section(s, &g.hyperTo)
	for _, p := range []*pairSet{&g.ant, &g.near, &g.derived} {
		section(s, &p.pairs)
		section(s, &p.has)
	}
	section(s, &g.kind)
}

// add appends one encoded section, padded to a multiple of 8 bytes.
func (s *sections) add(b []byte) {
	start := len(s.body)
	s.body = append(s.body, b...)
	s.spans = append(s.spans, [2]uint32{uint32(start), uint32(len(b))})
	for len(s.body)%8 != 0 {
		s.body = append(s.body, 0)
	}
}

// take returns the next section of the image, checked against the image's bounds, its
// alignment and the element size.
func (s *sections) take(size int) (string, bool) {
	if s.err != nil {
		return "", false
	}
	i := s.next
	s.next++
	if 8*(i+1) > len(s.table) {
		s.err = fmt.Errorf("section table lists %d sections, want more", len(s.table)/8)
		return "", false
	}
	off, n := int(le32(s.table, 8*i)), int(le32(s.table, 8*i+4))
	switch {
	case off%8 != 0:
		s.err = fmt.Errorf("section %d: offset %d not a multiple of 8", i, off)
	case off < imageHeader+len(s.table) || off > len(s.img) || n > len(s.img)-off:
		s.err = fmt.Errorf("section %d: bytes %d+%d outside the image's %d", i, off, n, len(s.img))
	case n%size != 0:
		s.err = fmt.Errorf("section %d: %d bytes, not a whole number of %d-byte elements", i, n, size)
	}
	if s.err != nil {
		return "", false
	}
	return s.img[off : off+n], true
}

// text encodes or decodes a string section; a decoded string shares the image's bytes.
func (s *sections) text(p *string) {
	if s.encode {
		s.add([]byte(*p))
		return
	}
	if b, ok := s.take(1); ok {
		*p = b
	}
}

// section encodes or decodes an array section. Decoded in place the slice aliases the image
// (read-only memory: nothing may write to it); otherwise it is a copy.
func section[T ~uint8 | ~int32 | ~uint32 | ~uint64](s *sections, p *[]T) {
	size := int(unsafe.Sizeof(T(0)))
	if s.encode {
		b := make([]byte, 0, size*len(*p))
		for _, v := range *p {
			switch size {
			case 1:
				b = append(b, uint8(v))
			case 4:
				b = binary.LittleEndian.AppendUint32(b, uint32(v))
			default:
				b = binary.LittleEndian.AppendUint64(b, uint64(v))
			}
		}
		s.add(b)
		return
	}
	b, ok := s.take(size)
	if !ok || len(b) == 0 {
		*p = nil
		return
	}
	n := len(b) / size
	if s.inPlace {
		*p = unsafe.Slice((*T)(unsafe.Pointer(unsafe.StringData(b))), n)
		return
	}
	out := make([]T, n)
	for i := range out {
		switch size {
		case 1:
			out[i] = T(b[i])
		case 4:
			out[i] = T(le32(b, 4*i))
		default:
			out[i] = T(uint64(le32(b, 8*i)) | uint64(le32(b, 8*i+4))<<32)
		}
	}
	*p = out
}

// encodeImage lays out the arrays of a loaded Thesaurus as an image; sum is sourceSum of the
// tables it was loaded from.
func encodeImage(t *Thesaurus, sum [sha256.Size]byte) []byte {
	s := &sections{encode: true}
	t.eachSection(s)
	head := imageHeader + 8*len(s.spans)
	head += (8 - head%8) % 8
	img := make([]byte, head, head+len(s.body))
	copy(img, imageMagic)
	binary.LittleEndian.PutUint32(img[8:], imageVersion)
	binary.LittleEndian.PutUint32(img[12:], uint32(len(s.spans)))
	binary.LittleEndian.PutUint64(img[16:], uint64(head+len(s.body)))
	copy(img[24:], sum[:])
	for i, sp := range s.spans {
		binary.LittleEndian.PutUint32(img[imageHeader+8*i:], uint32(head)+sp[0])
		binary.LittleEndian.PutUint32(img[imageHeader+8*i+4:], sp[1])
	}
	binary.LittleEndian.PutUint32(img[imageCRC:], headerCRC(string(img[:imageHeader+8*len(s.spans)])))
	return append(img, s.body...)
}

// headerCRC is the checksum of an image's header and section table (head), its own field
// taken as zero.
func headerCRC(head string) uint32 {
	var zero [4]byte
	crc := crc32.Update(0, crc32.IEEETable, []byte(head[:imageCRC]))
	crc = crc32.Update(crc, crc32.IEEETable, zero[:])
	return crc32.Update(crc, crc32.IEEETable, []byte(head[imageCRC+4:]))
}

// le32 reads the little-endian uint32 at s[i:i+4] without copying s.
func le32(s string, i int) uint32 {
	_ = s[i+3]
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}

// littleEndian reports whether this machine stores integers least significant byte first, as
// the image does.
func littleEndian() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}

// decodeImage points a Thesaurus at img. It reads the header, the section table and a few
// elements of each table, never the tables themselves, so Open makes no page of them resident.
// On a big-endian machine or when img is not 8-byte aligned the arrays are copied out instead.
func decodeImage(img string) (*Thesaurus, error) {
	aligned := len(img) == 0 || uintptr(unsafe.Pointer(unsafe.StringData(img)))%8 == 0
	return decodeImageAs(img, aligned && littleEndian())
}

// decodeImageAs is decodeImage with the choice between aliasing and copying made by the caller.
func decodeImageAs(img string, inPlace bool) (*Thesaurus, error) {
	if len(img) < imageHeader || img[:8] != imageMagic {
		return nil, fmt.Errorf("thesaurus image: no image header (%d bytes)", len(img))
	}
	if v := le32(img, 8); v != imageVersion {
		return nil, fmt.Errorf("thesaurus image: format version %d, want %d (run go generate ./internal/thesaurus/)", v, imageVersion)
	}
	if n := uint64(le32(img, 16)) | uint64(le32(img, 20))<<32; n != uint64(len(img)) {
		return nil, fmt.Errorf("thesaurus image: %d bytes, header says %d", len(img), n)
	}
	count := int(le32(img, 12))
	if count > (len(img)-imageHeader)/8 {
		return nil, fmt.Errorf("thesaurus image: %d sections do not fit in %d bytes", count, len(img))
	}
	if crc := headerCRC(img[:imageHeader+8*count]); crc != le32(img, imageCRC) {
		return nil, fmt.Errorf("thesaurus image: header checksum %08x, want %08x", le32(img, imageCRC), crc)
	}
	s := &sections{img: img, table: img[imageHeader : imageHeader+8*count], inPlace: inPlace}
	t := &Thesaurus{}
	t.eachSection(s)
	if s.err == nil && s.next != count {
		s.err = fmt.Errorf("section table lists %d sections, want %d", count, s.next)
	}
	if s.err == nil {
		s.err = t.check()
	}
	if s.err != nil {
		return nil, fmt.Errorf("thesaurus image: %w", s.err)
	}
	t.link()
	return t, nil
}

// check compares the lengths of related arrays and the last offset of each with the array it
// indexes, so that a section table pointing at the wrong bytes is refused at Open. It reads a
// handful of elements per table and nothing else; a damaged element inside a table shows as a
// panic of Go's bounds checks at look-up, never as a read outside the image.
func (t *Thesaurus) check() error {
	lists := map[string]*strList{}
	for name, st := range map[string]*senseTable{"wordnet lemmas": &t.senses, "kenet lemmas": &t.trSenses} {
		lists[name] = &st.lemmas
		if err := checkIndex(name, st.at, st.lemmas.len(), len(st.senses)); err != nil {
			return err
		}
	}
	for p := range t.exc {
		lt := &t.exc[p]
		lists[fmt.Sprintf("exceptions %d", p)] = &lt.words
		lists[fmt.Sprintf("exceptions %d items", p)] = &lt.items
		if err := checkIndex(fmt.Sprintf("exceptions %d", p), lt.at, lt.words.len(), lt.items.len()); err != nil {
			return err
		}
	}
	for name, d := range map[string]*dict{"en-tr": &t.enTr, "tr-en": &t.trEn, "kenet-en-tr": &t.kEnTr, "kenet-tr-en": &t.kTrEn} {
		lists[name] = &d.words
		lists[name+" lists"] = &d.lists
		if d.words.len() != d.lists.len() {
			return fmt.Errorf("%s: %d words, %d lists", name, d.words.len(), d.lists.len())
		}
	}
	for name, l := range lists {
		if err := l.check(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	for name, g := range map[string]*graph{"wordnet": &t.en, "kenet": &t.tr} {
		if err := checkIndex(name+" hypernyms", g.hyperAt, len(g.kind), len(g.hyperTo)); err != nil {
			return err
		}
		for _, p := range []*pairSet{&g.ant, &g.near, &g.derived} {
			if len(p.has) != 0 && len(p.has) != (len(g.kind)+63)/64 {
				return fmt.Errorf("%s: pair set marks %d synsets, want %d", name, 64*len(p.has), len(g.kind))
			}
		}
	}
	return nil
}

// checkIndex checks that at has one offset per item and a last one, the length of what it
// indexes.
func checkIndex[T ~int32 | ~uint32](name string, at []T, items, indexed int) error {
	if len(at) != items+1 || at[0] != 0 || int(at[items]) != indexed {
		return fmt.Errorf("%s: index of %d offsets does not cover %d items of %d", name, len(at), items, indexed)
	}
	return nil
}

// check checks the first and last offsets of a list and the size and end of its bucket index.
func (l *strList) check() error {
	if len(l.off) == 0 {
		if l.text != "" {
			return fmt.Errorf("text of %d bytes without offsets", len(l.text))
		}
		return nil
	}
	if l.off[0] != 0 || int(l.off[len(l.off)-1]) != len(l.text) {
		return fmt.Errorf("offsets %d…%d do not span the text's %d bytes", l.off[0], l.off[len(l.off)-1], len(l.text))
	}
	if l.bucket != nil && (len(l.bucket) != 258 || int(l.bucket[257]) != l.len()) {
		return fmt.Errorf("bucket index of %d entries does not end at item %d", len(l.bucket), l.len())
	}
	return nil
}

// sourceSum hashes the tables under data/ of fsys (name, size and content of each, in name
// order), so an image records which tables it was built from.
func sourceSum(fsys fs.FS) ([sha256.Size]byte, error) {
	var sum [sha256.Size]byte
	names, err := fs.Glob(fsys, "data/*.tsv*")
	if err != nil || len(names) == 0 {
		return sum, fmt.Errorf("list tables: %v (found %d)", err, len(names))
	}
	h := sha256.New()
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return sum, fmt.Errorf("hash table: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(b))
		h.Write(b)
	}
	copy(sum[:], h.Sum(nil))
	return sum, nil
}

// WriteImage decodes the tables under data/ of tables (this package's directory) and writes
// the image Open reads; ./genimage runs it from go generate.
func WriteImage(w io.Writer, tables fs.FS) error {
	t := &Thesaurus{}
	if err := t.load(tables); err != nil {
		return fmt.Errorf("build thesaurus image: %w", err)
	}
	sum, err := sourceSum(tables)
	if err != nil {
		return fmt.Errorf("build thesaurus image: %w", err)
	}
	if _, err := w.Write(encodeImage(t, sum)); err != nil {
		return fmt.Errorf("write thesaurus image: %w", err)
	}
	return nil
}
