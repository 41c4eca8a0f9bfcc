package docs

import (
	"reflect"
	"testing"
)

func TestInlines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Inline
	}{
		{"plain text", []Inline{{Kind: InlineText, Text: "plain text"}}},
		{"a `code` span", []Inline{{Kind: InlineText, Text: "a "}, {Kind: InlineCode, Text: "code"}, {Kind: InlineText, Text: " span"}}},
		{"``a ` b``", []Inline{{Kind: InlineCode, Text: "a ` b"}}},
		{"**strong** and *em*", []Inline{{Kind: InlineStrong, Text: "strong"}, {Kind: InlineText, Text: " and "}, {Kind: InlineEm, Text: "em"}}},
		{"snake_case_name stays", []Inline{{Kind: InlineText, Text: "snake_case_name stays"}}},
		{"see [the beta](/beta).", []Inline{{Kind: InlineText, Text: "see "}, {Kind: InlineLink, Text: "the beta", Href: "/beta"}, {Kind: InlineText, Text: "."}}},
		{"[`GET /x`](#getX)", []Inline{{Kind: InlineLink, Text: "GET /x", Href: "#getX", Code: true}}},
		{"[spec](https://example.org/a)", []Inline{{Kind: InlineLink, Text: "spec", Href: "https://example.org/a"}}},
		{"[bad](javascript:alert(1))", []Inline{{Kind: InlineText, Text: "bad"}, {Kind: InlineText, Text: ")"}}},
		{"[proto](//evil.example)", []Inline{{Kind: InlineText, Text: "proto"}}},
		{`escaped \*not em\*`, []Inline{{Kind: InlineText, Text: "escaped *not em*"}}},
		{"unclosed `tick", []Inline{{Kind: InlineText, Text: "unclosed `tick"}}},
		{"2 * 3 * 4", []Inline{{Kind: InlineText, Text: "2 * 3 * 4"}}},
	} {
		if got := Inlines(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Inlines(%q)\n got %+v\nwant %+v", tc.in, got, tc.want)
		}
	}
}

func TestMarkdownBlocks(t *testing.T) {
	md := "First line\ncontinues.\n\n### A heading\n\n- one\n- two\n  wrapped\n\n1. first\n2. second\n\n```go\nfunc x() {}\n\tindented\n```\n\n| A | B |\n|---|:-:|\n| `a` | b \\| c |\n\nLast."
	got := Markdown(md, "p-")
	kinds := []string{}
	for _, b := range got {
		kinds = append(kinds, b.Kind)
	}
	want := []string{BlockParagraph, BlockHeading, BlockList, BlockList, BlockCode, BlockTable, BlockParagraph}
	if !reflect.DeepEqual(kinds, want) {
		t.Fatalf("kinds %v, want %v", kinds, want)
	}
	if Plain(got[0].Inlines) != "First line continues." {
		t.Errorf("paragraph %q", Plain(got[0].Inlines))
	}
	if got[1].Level != 3 || got[1].ID != "p-a-heading" {
		t.Errorf("heading level %d id %q", got[1].Level, got[1].ID)
	}
	if got[2].Ordered || len(got[2].Items) != 2 || Plain(got[2].Items[1]) != "two wrapped" {
		t.Errorf("bullets %+v", got[2])
	}
	if !got[3].Ordered || len(got[3].Items) != 2 {
		t.Errorf("numbers %+v", got[3])
	}
	if got[4].Lang != "go" || got[4].Code != "func x() {}\n\tindented" {
		t.Errorf("code %q %q", got[4].Lang, got[4].Code)
	}
	if len(got[5].Head) != 2 || len(got[5].Rows) != 1 || got[5].Rows[0][0][0].Kind != InlineCode || Plain(got[5].Rows[0][1]) != "b | c" {
		t.Errorf("table %+v", got[5])
	}
}

func TestSections(t *testing.T) {
	md := "Intro.\n\n## Getting started\n\nStep.\n\n### Sub part\n\n```sh\n## not a heading\n```\n\n## Quotas and rate limits\n\nText."
	intro, secs := Sections(md, "")
	if len(intro) != 1 || Plain(intro[0].Inlines) != "Intro." {
		t.Errorf("intro %+v", intro)
	}
	if len(secs) != 2 || secs[0].ID != "getting-started" || secs[1].ID != "quotas-and-rate-limits" {
		t.Fatalf("sections %+v", secs)
	}
	if h := secs[0].Blocks[1]; h.Kind != BlockHeading || h.ID != "getting-started-sub-part" {
		t.Errorf("sub heading %+v", h)
	}
	if c := secs[0].Blocks[2]; c.Kind != BlockCode || c.Code != "## not a heading" {
		t.Errorf("fenced heading was split: %+v", c)
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Getting started":        "getting-started",
		"Quotas and rate limits": "quotas-and-rate-limits",
		"  Live feed!  ":         "live-feed",
		"Verdicts & scores (v1)": "verdicts-scores-v1",
		"Şirket güveni":          "irket-g-veni",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
