package thesaurus

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"os"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// TestImageCurrent rebuilds the image from the tables in data/ and checks that it equals the
// committed and the embedded image byte for byte, so the binary answers from exactly these tables.
func TestImageCurrent(t *testing.T) {
	committed, err := os.ReadFile(imageFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(committed) != image {
		t.Fatalf("embedded image (%d bytes) differs from %s (%d bytes)", len(image), imageFile, len(committed))
	}
	sum, err := sourceSum(tables())
	if err != nil {
		t.Fatal(err)
	}
	if len(committed) < imageHeader || !bytes.Equal(committed[24:24+sha256.Size], sum[:]) {
		t.Fatalf("%s was built from other tables than data/ holds: run go generate ./internal/thesaurus/", imageFile)
	}
	var rebuilt bytes.Buffer
	if err := WriteImage(&rebuilt, tables()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rebuilt.Bytes(), committed) {
		t.Fatalf("%s (%d bytes) differs from the image rebuilt from data/ (%d bytes): run go generate ./internal/thesaurus/", imageFile, len(committed), rebuilt.Len())
	}
}

// within reports whether the array p points at lies inside img.
func within[T any](p []T, img string) bool {
	start := uintptr(unsafe.Pointer(unsafe.StringData(img)))
	at := uintptr(unsafe.Pointer(unsafe.SliceData(p)))
	return len(p) > 0 && at >= start && at < start+uintptr(len(img))
}

// TestImageInPlace checks that Open leaves the tables in the embedded image, and that the
// copying fallback (big-endian machines, misaligned images) builds the same tables.
func TestImageInPlace(t *testing.T) {
	// A fresh Thesaurus, not the shared one: tables parsed on first use by other tests
	// (kindclass.go, iliverbs.go) would differ from those of a Thesaurus just decoded.
	th, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	if !littleEndian() {
		t.Skip("big-endian machine: Open copies the tables")
	}
	if uintptr(unsafe.Pointer(unsafe.StringData(image)))%8 != 0 {
		t.Fatal("the embedded image is not 8-byte aligned, so Open copies it onto the heap")
	}
	if !within(th.senses.at, image) || !within(th.en.ant.pairs, image) || !within(th.trFold.refs, image) || !within([]byte(th.kTrEn.words.text[:1]), image) {
		t.Fatal("Open copied tables out of the embedded image")
	}
	copied, err := decodeImageAs(image, false)
	if err != nil {
		t.Fatal(err)
	}
	if within(copied.senses.at, image) || within(copied.en.ant.pairs, image) {
		t.Fatal("decodeImageAs(img, false) still points into the image")
	}
	// A copy of the image one byte off alignment takes the fallback by itself.
	buf := make([]byte, len(image)+1)
	copy(buf[1:], image)
	misaligned, err := decodeImage(unsafe.String(&buf[1], len(image)))
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]*Thesaurus{"copied": copied, "misaligned": misaligned} {
		if !reflect.DeepEqual(got, th) {
			t.Errorf("%s tables differ from the ones read in place", name)
		}
	}
	if got := misaligned.Relate("tr", "kalıcı", "geçici"); got != Antonym {
		t.Errorf("misaligned image: Relate(kalıcı, geçici) = %v, want antonym", got)
	}
}

// TestImageRejectsDamage feeds Open's decoder truncated images and images with a damaged header
// or section table: each must be refused with an error, none may panic.
func TestImageRejectsDamage(t *testing.T) {
	count := int(binary.LittleEndian.Uint32([]byte(image[12:16])))
	table := func(i int) int { return imageHeader + 8*i }
	cases := []struct {
		name   string
		edit   func(b []byte) []byte
		reseal bool
		want   string
	}{
		{"empty", func(b []byte) []byte { return b[:0] }, false, "no image header"},
		{"magic only", func(b []byte) []byte { return b[:8] }, false, "no image header"},
		{"header only", func(b []byte) []byte { return b[:imageHeader] }, false, "bytes, header says"},
		{"half", func(b []byte) []byte { return b[:len(b)/2] }, false, "bytes, header says"},
		{"last byte missing", func(b []byte) []byte { return b[:len(b)-1] }, false, "bytes, header says"},
		{"damaged section table", func(b []byte) []byte { b[imageHeader+9]++; return b }, false, "header checksum"},
		{"damaged source sum", func(b []byte) []byte { b[30]++; return b }, false, "header checksum"},
		{"bad magic", func(b []byte) []byte { b[0] = 'X'; return b }, false, "no image header"},
		{"other version", func(b []byte) []byte { b[8]++; return b }, true, "format version"},
		{"too many sections", func(b []byte) []byte { binary.LittleEndian.PutUint32(b[12:], 1<<30); return b }, true, "do not fit"},
		{"one section less", func(b []byte) []byte { binary.LittleEndian.PutUint32(b[12:], uint32(count-1)); return b }, true, "want more"},
		{"one section more", func(b []byte) []byte { binary.LittleEndian.PutUint32(b[12:], uint32(count+1)); return b }, true, "outside the image"},
		{"section past the end", func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[table(3)+4:], uint32(len(b)))
			return b
		}, true, "outside the image"},
		{"section inside the header", func(b []byte) []byte { binary.LittleEndian.PutUint32(b[table(0):], 8); return b }, true, "outside the image"},
		{"misaligned section", func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[table(1):], binary.LittleEndian.Uint32(b[table(1):])+4)
			return b
		}, true, "not a multiple of 8"},
		{"partial element", func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[table(1)+4:], binary.LittleEndian.Uint32(b[table(1)+4:])-1)
			return b
		}, true, "whole number"},
		{"sections swapped", func(b []byte) []byte {
			// The lemma offsets and the lemma bucket index trade places.
			var x [8]byte
			copy(x[:], b[table(1):])
			copy(b[table(1):table(2)], b[table(2):table(3)])
			copy(b[table(2):], x[:])
			return b
		}, true, "wordnet lemmas"},
		{"offsets shortened", func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[table(1)+4:], binary.LittleEndian.Uint32(b[table(1)+4:])-4)
			return b
		}, true, "wordnet lemmas"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img := c.edit([]byte(image))
			// Sealed with a fresh checksum, the damage reaches the structural checks behind it.
			if c.reseal {
				n := min(table(int(binary.LittleEndian.Uint32(img[12:]))), len(img))
				binary.LittleEndian.PutUint32(img[imageCRC:], headerCRC(string(img[:n])))
			}
			th, err := decodeImage(string(img))
			if err == nil || th != nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want an error with %q", err, c.want)
			}
		})
	}
	// Every single-byte damage of the header and section table is refused, none panics.
	buf := []byte(image)
	refused := 0
	for i := 0; i < table(count); i++ {
		buf[i] ^= 0x55
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("byte %d damaged: panic %v", i, r)
				}
			}()
			if _, err := decodeImage(unsafe.String(&buf[0], len(buf))); err != nil {
				refused++
			}
		}()
		buf[i] ^= 0x55
	}
	if refused != table(count) {
		t.Errorf("only %d of %d single-byte damages of the header were refused", refused, table(count))
	}
}
