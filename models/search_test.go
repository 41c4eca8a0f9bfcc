package models_test

import (
	"cmp"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/search"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// searchBase is the clock of the search tests: claim i is created i minutes after it.
var searchBase = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// searchClaim is what a test claim differs in; the rest is a plausible analysed claim.
type searchClaim struct {
	content, enQuery, lang, category, verdict, domain string
	at                                                time.Time
}

// searchSeed stores claims through ClaimStore.Create, so the FTS triggers and the generated search
// vector see them exactly as they see real claims, and returns their ids in order.
func searchSeed(t *testing.T, db *database.DB, cs ...searchClaim) []string {
	t.Helper()
	s := storerules.Stores(db)
	ids := make([]string, len(cs))
	for i, sc := range cs {
		c := &models.Claim{ID: uuid.NewString(), Content: sc.content, EnQuery: sc.enQuery, Language: sc.lang, Category: sc.category,
			AIScore: 50, AIVerdict: sc.verdict, SourceScore: 50, ScienceScore: 50, AcademicScore: 50, PublicScore: 50,
			Analyzer: "offline", AnalyzerVersion: "t", Basis: "{}", Matches: "[]", AnalysisMeta: "{}", CreatedAt: sc.at}
		if c.Language == "" {
			c.Language = "tr"
		}
		if c.Category == "" {
			c.Category = "health"
		}
		if c.AIVerdict == "" {
			c.AIVerdict = "belirsiz"
		}
		if c.CreatedAt.IsZero() {
			c.CreatedAt = searchBase.Add(time.Duration(i) * time.Minute)
		}
		if sc.domain != "" {
			d, u := sc.domain, "https://"+sc.domain+"/x"
			c.SourceDomain, c.SourceURL = &d, &u
		}
		if err := s.Claims.Create(context.Background(), c); err != nil {
			t.Fatalf("create claim %q: %v", sc.content, err)
		}
		ids[i] = c.ID
	}
	return ids
}

// searchRun runs q and fails the test on error.
func searchRun(t *testing.T, st *models.SearchStore, q models.SearchQuery) models.SearchPage {
	t.Helper()
	p, err := search.New(st).Search(context.Background(), q)
	if err != nil {
		t.Fatalf("search %+v: %v", q, err)
	}
	return p
}

// searchIDs lists the claim ids of a page in order.
func searchIDs(p models.SearchPage) []string {
	ids := make([]string, len(p.Hits))
	for i, h := range p.Hits {
		ids[i] = h.Claim.ID
	}
	return ids
}

// searchSet sorts ids so that tests about membership do not depend on order.
func searchSet(ids ...string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

// searchPathStore is a search store that reads matches one way.
type searchPathStore struct {
	name string
	st   *models.SearchStore
}

// searchPaths returns a store per way of reading matches: chosen from the estimate, always
// collecting every match, always walking newest first. Test tables are small, so without forcing
// the walks would never run.
func searchPaths(db *database.DB) []searchPathStore {
	var out []searchPathStore
	for _, p := range []struct {
		name string
		path models.SearchPathForTest
	}{{"auto", models.SearchPathAutoForTest}, {"collect", models.SearchPathCollectForTest}, {"walk", models.SearchPathWalkForTest}} {
		st := models.NewSearchStore(db)
		models.SetSearchPathForTest(st, p.path)
		out = append(out, searchPathStore{p.name, st})
	}
	return out
}

func TestSearchRelevanceOrder(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewSearchStore(db)
		ids := searchSeed(t, db,
			searchClaim{content: "Enflasyon düştü", enQuery: "inflation fell"},
			searchClaim{content: "Enflasyon, enflasyon ve yine enflasyon: enflasyon yüzde 80", enQuery: "inflation is 80 percent"},
			searchClaim{content: "Ekonomi büyüyor", enQuery: "the economy grows despite inflation"},
			searchClaim{content: "Faizler artıyor", enQuery: "interest rates rise"},
		)
		p := searchRun(t, st, models.SearchQuery{Q: "enflasyon"})
		if got, want := searchIDs(p), []string{ids[1], ids[0]}; !slices.Equal(got, want) {
			t.Fatalf("enflasyon: got %v, want the claim repeating it first %v", got, want)
		}
		if !(p.Hits[0].Rank > p.Hits[1].Rank && p.Hits[1].Rank > 0) {
			t.Errorf("ranks %v, %v: want positive and decreasing", p.Hits[0].Rank, p.Hits[1].Rank)
		}
		// "inflation" is in every en_query but one, and in no content: the repeated mention still
		// does not beat the newer claims by accident of time; all three match.
		p = searchRun(t, st, models.SearchQuery{Q: "inflation"})
		if got := searchSet(searchIDs(p)...); !slices.Equal(got, searchSet(ids[0], ids[1], ids[2])) {
			t.Fatalf("inflation: got %v", searchIDs(p))
		}

		// The content counts more than the English query: the older claim that says "otizm" in its
		// text beats the newer one that has it only in en_query.
		ids = searchSeed(t, db,
			searchClaim{content: "Aşılar otizm yapar", enQuery: "vaccines cause autism", at: searchBase.Add(-time.Hour)},
			searchClaim{content: "Aşılar zararlıdır", enQuery: "vaccines otizm harm", at: searchBase.Add(time.Hour)},
		)
		p = searchRun(t, st, models.SearchQuery{Q: "otizm"})
		if got, want := searchIDs(p), ids; !slices.Equal(got, want) {
			t.Fatalf("otizm: got %v, want content match first %v", got, want)
		}
		if p.Hits[0].Rank <= p.Hits[1].Rank {
			t.Errorf("content rank %v should exceed en_query rank %v", p.Hits[0].Rank, p.Hits[1].Rank)
		}
		// Equal ranks fall back to newest first.
		ids = searchSeed(t, db,
			searchClaim{content: "Kuraklık geliyor", at: searchBase.Add(-2 * time.Hour)},
			searchClaim{content: "Kuraklık geliyor", at: searchBase.Add(-3 * time.Hour)},
			searchClaim{content: "Kuraklık geliyor", at: searchBase.Add(-1 * time.Hour)},
		)
		p = searchRun(t, st, models.SearchQuery{Q: "kuraklık"})
		if got, want := searchIDs(p), []string{ids[2], ids[0], ids[1]}; !slices.Equal(got, want) {
			t.Errorf("equal ranks: got %v, want newest first %v", got, want)
		}
	})
}

func TestSearchTextMatching(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewSearchStore(db)
		ids := searchSeed(t, db,
			/*0*/ searchClaim{content: "Aşılar otizme neden olur", enQuery: "Vaccines cause autism"},
			/*1*/ searchClaim{content: "Aşı kampanyası başladı", enQuery: "vaccination campaign started"},
			/*2*/ searchClaim{content: "İstanbul'da deprem olacak", enQuery: "an earthquake will hit Istanbul"},
			/*3*/ searchClaim{content: "ISTANBUL trafiği rekor kırdı", enQuery: "traffic record"},
			/*4*/ searchClaim{content: "Şeker kansere yol açar", enQuery: "sugar causes cancer"},
			/*5*/ searchClaim{content: "Işık hızı sabit değildir", enQuery: "speed of light is not constant"},
			/*6*/ searchClaim{content: "Gece ışık kirliliği artıyor", enQuery: "light pollution grows"},
			/*7*/ searchClaim{content: "Covid-19 aşısı kısırlık yapar", enQuery: "covid vaccine causes infertility"},
			/*8*/ searchClaim{content: "The earth is flat", enQuery: "the earth is flat", lang: "en"},
		)
		both := []struct {
			name, q string
			want    []string
		}{
			{"one word", "otizme", []string{ids[0]}},
			{"a root finds its suffixed forms", "otizm", []string{ids[0]}},
			{"a short root finds every form", "aşı", []string{ids[0], ids[1], ids[7]}},
			{"roots ANDed", "aşı otizm", []string{ids[0]}},
			{"AND of words", "aşılar otizme", []string{ids[0]}},
			{"AND excludes partial matches", "aşılar kampanyası", nil},
			{"word in content, word in en_query", "otizme autism", []string{ids[0]}},
			{"capital dotted İ", "İSTANBUL", []string{ids[2], ids[3]}},
			{"lower case i", "istanbul", []string{ids[2], ids[3]}},
			{"ASCII capitals", "ISTANBUL", []string{ids[2], ids[3]}},
			{"Turkish ş as typed", "şeker", []string{ids[4]}},
			{"Turkish capitals", "ŞEKER", []string{ids[4]}},
			{"dotless ı lower case", "ışık", []string{ids[5], ids[6]}},
			{"dotless I capitals", "IŞIK", []string{ids[5], ids[6]}},
			{"hyphenated", "covid-19", []string{ids[7]}},
			{"stop words dropped", "the earth is flat", []string{ids[8]}},
			{"stop words alone still search", "the", []string{ids[8]}},
			{"case of English", "EARTH", []string{ids[8]}},
			{"no match", "zzzzqqq", nil},
		}
		for _, tc := range both {
			t.Run(tc.name, func(t *testing.T) {
				p := searchRun(t, st, models.SearchQuery{Q: tc.q})
				if got := searchSet(searchIDs(p)...); !slices.Equal(got, searchSet(tc.want...)) {
					t.Errorf("%q: got %v, want %v", tc.q, searchIDs(p), tc.want)
				}
			})
		}
		// Diacritic-free typing finds Turkish letters on both: remove_diacritics on SQLite, the
		// folded copy in search_tsv on PostgreSQL (migration 00012).
		for _, q := range []string{"seker", "asilar otizme"} {
			want := map[string][]string{"seker": {ids[4]}, "asilar otizme": {ids[0]}}[q]
			if got := searchIDs(searchRun(t, st, models.SearchQuery{Q: q})); !slices.Equal(got, want) {
				t.Errorf("%q: got %v, want %v", q, got, want)
			}
		}
		// English stemming through en_query on PostgreSQL: "vaccine" and "vaccinated" find
		// "Vaccines cause autism", "vaccination campaign" and "covid vaccine causes infertility".
		if db.Dialect == database.Postgres {
			for _, q := range []string{"vaccine", "vaccinated", "causing autism"} {
				p := searchRun(t, st, models.SearchQuery{Q: q})
				want := []string{ids[0], ids[1], ids[7]}
				if q == "causing autism" {
					want = []string{ids[0]}
				}
				if got := searchSet(searchIDs(p)...); !slices.Equal(got, searchSet(want...)) {
					t.Errorf("%q on PostgreSQL: got %v, want %v", q, searchIDs(p), want)
				}
			}
		} else {
			p := searchRun(t, st, models.SearchQuery{Q: "vaccines"})
			if got := searchIDs(p); !slices.Equal(got, []string{ids[0]}) {
				t.Errorf("vaccines on SQLite: got %v, want %v", got, ids[0])
			}
		}
	})
}

func TestSearchHostileInput(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewSearchStore(db)
		ids := searchSeed(t, db,
			searchClaim{content: "Drop the table claims, says the DBA", enQuery: "drop table claims"},
			searchClaim{content: "Vitamin C near the sea cures colds", enQuery: "vitamin c cures colds"},
		)
		for _, tc := range []struct {
			q    string
			want []string
		}{
			{`'; DROP TABLE claims; --`, []string{ids[0]}},
			{`"vitamin`, []string{ids[1]}},
			{`vitamin"`, []string{ids[1]}},
			{`(vitamin`, []string{ids[1]}},
			{`vitamin OR drop`, nil},
			{`vitamin NEAR sea`, []string{ids[1]}},
			{`NEAR(vitamin sea)`, []string{ids[1]}},
			{`vitamin NEAR drop`, nil},
			{`vitamin*`, []string{ids[1]}},
			{`content:vitamin`, nil},
			{`-vitamin`, []string{ids[1]}},
			{`vitamin -sea`, []string{ids[1]}},
			{`^vitamin`, []string{ids[1]}},
			{`vitamin & colds | !`, []string{ids[1]}},
			{`vitamin & colds | !x`, nil},
			{`vitamin:* <-> colds`, []string{ids[1]}},
			{`\ ? $1 @x %`, nil},
			{`"" '' () ** :: -- ;`, nil},
			{`*`, nil},
			{`AND`, nil},
			{strings.Repeat("vitamin ", 40), []string{ids[1]}},
		} {
			for _, order := range []string{models.SearchRelevance, models.SearchNewest} {
				p, err := search.New(st).Search(context.Background(), models.SearchQuery{Q: strings.TrimSpace(tc.q), Order: order})
				if err != nil {
					t.Errorf("%q (%s): %v", tc.q, order, err)
					continue
				}
				if got := searchSet(searchIDs(p)...); !slices.Equal(got, searchSet(tc.want...)) {
					t.Errorf("%q (%s): got %v, want %v", tc.q, order, searchIDs(p), tc.want)
				}
			}
		}
		var n int64
		if err := db.Gorm.Raw("SELECT count(*) FROM claims").Scan(&n).Error; err != nil || n != 2 {
			t.Fatalf("claims table after hostile input: n=%d err=%v", n, err)
		}
	})
}

func TestSearchFilters(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		st := models.NewSearchStore(db)
		firm := &models.Firm{ID: uuid.NewString(), Slug: "acme", Name: "Acme", CreatedAt: searchBase, UpdatedAt: searchBase}
		if err := db.Gorm.Create(firm).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Gorm.Create(&models.FirmDomain{Domain: "acme.example", FirmID: firm.ID}).Error; err != nil {
			t.Fatal(err)
		}
		day := func(d int) time.Time { return searchBase.AddDate(0, 0, d) }
		ids := searchSeed(t, db,
			/*0*/ searchClaim{content: "Deprem uyarısı bir", category: "environment", verdict: "dogru", lang: "tr", at: day(0)},
			/*1*/ searchClaim{content: "Deprem uyarısı iki", category: "environment", verdict: "yanlis", lang: "tr", at: day(1), domain: "news.acme.example"},
			/*2*/ searchClaim{content: "Deprem uyarısı üç", category: "politics", verdict: "yanlis", lang: "en", at: day(2), domain: "acme.example"},
			/*3*/ searchClaim{content: "Deprem uyarısı dört", category: "politics", verdict: "kismen", lang: "en", at: day(3)},
			/*4*/ searchClaim{content: "Deprem uyarısı beş", category: "environment", verdict: "belirsiz", lang: "und", at: day(4), domain: "acme.example"},
			/*5*/ searchClaim{content: "Deprem uyarısı altı gizli", category: "environment", verdict: "yanlis", lang: "tr", at: day(2), domain: "acme.example"},
			/*6*/ searchClaim{content: "Başka bir konu", category: "environment", verdict: "yanlis", lang: "tr", at: day(1)},
		)
		// Experts overruled claim 0 (dogru → yanlis) and claim 2 (yanlis → dogru); claim 3 has a
		// community verdict left over but no expert any more, so its AI verdict counts.
		for _, u := range []struct {
			id, verdict string
			experts     int
		}{{ids[0], "yanlis", 2}, {ids[2], "dogru", 1}, {ids[3], "dogru", 0}} {
			if err := db.Gorm.Exec("UPDATE claims SET community_verdict = ?, community_score = 50, community_confidence = 0.8, expert_count = ? WHERE id = ?",
				u.verdict, u.experts, u.id).Error; err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ?, hidden_reason = 'spam' WHERE id = ?", day(5), ids[5]).Error; err != nil {
			t.Fatal(err)
		}
		from, to := day(1), day(3)
		justAfter := day(1).Add(time.Microsecond)
		other := uuid.NewString()
		cases := []struct {
			name string
			q    models.SearchQuery
			want []int
		}{
			{"no filter", models.SearchQuery{}, []int{0, 1, 2, 3, 4, 6}},
			{"category", models.SearchQuery{Category: "politics"}, []int{2, 3}},
			{"verdict yanlis: AI unless experts voted", models.SearchQuery{Verdict: "yanlis"}, []int{0, 1, 6}},
			{"verdict dogru: the community's", models.SearchQuery{Verdict: "dogru"}, []int{2}},
			{"verdict kismen: stale community verdict ignored", models.SearchQuery{Verdict: "kismen"}, []int{3}},
			{"firm", models.SearchQuery{FirmID: firm.ID}, []int{1, 2, 4}},
			{"unknown firm", models.SearchQuery{FirmID: other}, nil},
			{"malformed firm id", models.SearchQuery{FirmID: "not-a-uuid"}, nil},
			{"language", models.SearchQuery{Language: "en"}, []int{2, 3}},
			{"language und", models.SearchQuery{Language: "und"}, []int{4}},
			{"from is inclusive", models.SearchQuery{From: &from}, []int{1, 2, 3, 4, 6}},
			{"to is exclusive", models.SearchQuery{To: &to}, []int{0, 1, 2, 6}},
			{"from and to", models.SearchQuery{From: &from, To: &to}, []int{1, 2, 6}},
			{"from just after a claim", models.SearchQuery{From: &justAfter, To: &to}, []int{2}},
			{"empty range", models.SearchQuery{From: &to, To: &from}, nil},
			{"text", models.SearchQuery{Q: "deprem"}, []int{0, 1, 2, 3, 4}},
			{"text and category and verdict", models.SearchQuery{Q: "deprem uyarısı", Category: "environment", Verdict: "yanlis"}, []int{0, 1}},
			{"text, firm, language, dates", models.SearchQuery{Q: "deprem", FirmID: firm.ID, Language: "tr", From: &from, To: &to}, []int{1}},
			{"all filters, newest", models.SearchQuery{Q: "deprem", Category: "politics", Verdict: "dogru", FirmID: firm.ID, Language: "en", From: &from, To: &to, Order: models.SearchNewest}, []int{2}},
			{"filters exclude all", models.SearchQuery{Q: "deprem", Category: "politics", Language: "tr"}, nil},
			{"hidden claim's own words", models.SearchQuery{Q: "gizli"}, nil},
		}
		for _, ps := range searchPaths(db) {
			for _, tc := range cases {
				t.Run(ps.name+"/"+tc.name, func(t *testing.T) {
					searchCheckFilterCase(t, ps.st, tc.q, tc.want, ids)
				})
			}
		}
		// Hidden claims are gone in every order and shape.
		for _, q := range []models.SearchQuery{{}, {Q: "gizli", Order: models.SearchNewest}, {Q: "deprem", FirmID: firm.ID}, {Verdict: "yanlis"}} {
			for _, h := range searchRun(t, st, q).Hits {
				if h.Claim.ID == ids[5] || h.Claim.HiddenAt != nil {
					t.Errorf("%+v returned the hidden claim", q)
				}
			}
		}
		_ = ctx
	})
}

// searchCheckFilterCase runs q and checks that exactly the claims at want come back, on one page,
// newest first with rank 0 where the order is newest.
func searchCheckFilterCase(t *testing.T, st *models.SearchStore, q models.SearchQuery, wantIdx []int, ids []string) {
	t.Helper()
	var want []string
	for _, i := range wantIdx {
		want = append(want, ids[i])
	}
	p := searchRun(t, st, q)
	if got := searchSet(searchIDs(p)...); !slices.Equal(got, searchSet(want...)) {
		t.Errorf("got %v, want %v", searchIDs(p), want)
	}
	if p.NextCursor != "" {
		t.Errorf("one page expected, got cursor %q", p.NextCursor)
	}
	if q.Q == "" || q.Order == models.SearchNewest {
		for i, h := range p.Hits {
			if h.Rank != 0 {
				t.Errorf("rank %v in newest order", h.Rank)
			}
			if i > 0 && h.Claim.CreatedAt.After(p.Hits[i-1].Claim.CreatedAt) {
				t.Errorf("not newest first at %d", i)
			}
		}
	}
}

// searchWalk follows NextCursor from the first page to the last and returns every hit.
func searchWalk(t *testing.T, st *models.SearchStore, q models.SearchQuery) []models.SearchHit {
	t.Helper()
	var all []models.SearchHit
	for pages := 0; ; pages++ {
		if pages > 100 {
			t.Fatal("cursor never ends")
		}
		p := searchRun(t, st, q)
		if limit := cmp.Or(q.Limit, models.SearchDefaultLimitForTest); len(p.Hits) > limit {
			t.Fatalf("page of %d hits for limit %d", len(p.Hits), q.Limit)
		}
		all = append(all, p.Hits...)
		if p.NextCursor == "" {
			return all
		}
		if len(p.Hits) == 0 {
			t.Fatal("empty page with a next cursor")
		}
		q.Cursor = p.NextCursor
	}
}

func TestSearchCursorPagination(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewSearchStore(db)
		// 37 matching claims: mention counts 1..4 give equal ranks in groups, and several share a
		// created_at so the id decides; 5 claims that do not match.
		var cs []searchClaim
		for i := 0; i < 37; i++ {
			cs = append(cs, searchClaim{content: strings.Repeat("sel ", 1+i%4) + fmt.Sprintf("baskını %d", i),
				at: searchBase.Add(time.Duration(i/3) * time.Second)})
		}
		for i := 0; i < 5; i++ {
			cs = append(cs, searchClaim{content: fmt.Sprintf("kuraklık %d", i)})
		}
		ids := searchSeed(t, db, cs...)
		matching := searchSet(ids[:37]...)
		cases := []struct {
			name string
			q    models.SearchQuery
			n    int
		}{
			{"relevance", models.SearchQuery{Q: "sel", Limit: 5}, 37},
			{"relevance, page of one", models.SearchQuery{Q: "sel baskını", Limit: 1}, 37},
			{"newest with text", models.SearchQuery{Q: "sel", Order: models.SearchNewest, Limit: 4}, 37},
			{"filter only", models.SearchQuery{Limit: 6}, 42},
			{"exact multiple of the limit", models.SearchQuery{Q: "sel", Limit: 37}, 37},
		}
		for _, ps := range searchPaths(db) {
			st := ps.st
			for _, tc := range cases {
				t.Run(ps.name+"/"+tc.name, func(t *testing.T) {
					all := searchWalk(t, st, tc.q)
					whole := models.SearchQuery(tc.q)
					whole.Limit = 100
					one := searchRun(t, st, whole)
					if one.NextCursor != "" {
						t.Fatal("one page of 100 should hold everything")
					}
					if got, want := searchIDs(models.SearchPage{Hits: all}), searchIDs(one); !slices.Equal(got, want) {
						t.Fatalf("walked %d hits %v\nwant the single-page order %d %v", len(got), got, len(want), want)
					}
					if len(all) != tc.n {
						t.Fatalf("walked %d hits, want %d", len(all), tc.n)
					}
					if tc.q.Q != "" && !slices.Equal(searchSet(searchIDs(models.SearchPage{Hits: all})...), matching) {
						t.Fatal("walk does not cover exactly the matching claims")
					}
					for i := 1; i < len(all); i++ {
						a, b := all[i-1], all[i]
						if tc.q.Q != "" && tc.q.Order != models.SearchNewest {
							if b.Rank > a.Rank || (b.Rank == a.Rank && b.Claim.CreatedAt.After(a.Claim.CreatedAt)) {
								t.Fatalf("hit %d out of relevance order", i)
							}
						} else if b.Claim.CreatedAt.After(a.Claim.CreatedAt) {
							t.Fatalf("hit %d out of newest order", i)
						}
					}
				})
			}
		}
		// The default limit is 20; more than 100 is capped.
		if p := searchRun(t, st, models.SearchQuery{Q: "sel"}); len(p.Hits) != 20 || p.NextCursor == "" {
			t.Errorf("default limit: %d hits, cursor %q", len(p.Hits), p.NextCursor)
		}
		if p := searchRun(t, st, models.SearchQuery{Limit: 1000}); len(p.Hits) != 42 {
			t.Errorf("limit 1000: %d hits", len(p.Hits))
		}
	})
}

func TestSearchRankWindow(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		for k, ps := range searchPaths(db) {
			t.Run(ps.name, func(t *testing.T) {
				st := ps.st
				models.SetSearchRankCapForTest(st, 6)
				word := []string{"dolu", "sağanak", "fırtına"}[k]
				// Claims 0..9 mention the word once, except 0 and 7, which mention it three
				// times: with a window of the 6 newest matches the oldest is not ranked, and a
				// claim added between pages does not move the window.
				var cs []searchClaim
				for i := 0; i < 10; i++ {
					n := 1
					if i == 0 || i == 7 {
						n = 3
					}
					cs = append(cs, searchClaim{content: strings.Repeat(word+" ", n) + "yağdı", at: searchBase.Add(time.Duration(i) * time.Minute)})
				}
				ids := searchSeed(t, db, cs...)
				p := searchRun(t, st, models.SearchQuery{Q: word, Limit: 4})
				if len(p.Hits) != 4 || p.Hits[0].Claim.ID != ids[7] {
					t.Fatalf("first page %v: want the repeated mention %s first", searchIDs(p), ids[7])
				}
				searchSeed(t, db, searchClaim{content: strings.Repeat(word+" ", 4), at: searchBase.Add(time.Hour)})
				rest := searchWalk(t, st, models.SearchQuery{Q: word, Limit: 4, Cursor: p.NextCursor})
				got := append(searchIDs(p), searchIDs(models.SearchPage{Hits: rest})...)
				if want := searchSet(ids[4:]...); !slices.Equal(searchSet(got...), want) {
					t.Fatalf("window walk: got %v, want the 6 newest matches of the first page %v", got, want)
				}
				// A new first page ranks the new window, which now starts with the new claim.
				p = searchRun(t, st, models.SearchQuery{Q: word, Limit: 10})
				if len(p.Hits) != 6 || slices.Contains(searchIDs(p), ids[0]) || slices.Contains(searchIDs(p), ids[4]) {
					t.Fatalf("new window: %v", searchIDs(p))
				}
				// Newest order is never windowed: all 11 matches.
				if all := searchWalk(t, st, models.SearchQuery{Q: word, Order: models.SearchNewest, Limit: 4}); len(all) != 11 {
					t.Fatalf("newest order: %d hits, want 11", len(all))
				}
			})
		}
	})
}

// On SQLite the relevance window is looked for among the 10·rankCap newest-stored matches of the
// text (applying the filters costs a row read per match), starting where a date range begins.
func TestSearchRelevanceBudget(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewSearchStore(db)
		models.SetSearchWindowForTest(st, 2, 0) // SQLite looks at the 20 newest matches of the text
		var cs []searchClaim
		for i := 0; i < 60; i++ {
			cat := "health"
			switch i {
			case 5, 10, 30, 50, 55:
				cat = "sports"
			case 3:
				cat = "culture"
			}
			cs = append(cs, searchClaim{content: fmt.Sprintf("çığ düştü %d", i), category: cat})
		}
		ids := searchSeed(t, db, cs...)
		hits := searchWalk(t, st, models.SearchQuery{Q: "çığ", Category: "sports", Limit: 1})
		if got, want := searchSet(searchIDs(models.SearchPage{Hits: hits})...), searchSet(ids[50], ids[55]); !slices.Equal(got, want) {
			t.Fatalf("relevance with a filter: got %v, want the 2 newest passing %v", got, want)
		}
		if all := searchWalk(t, st, models.SearchQuery{Q: "çığ", Category: "sports", Order: models.SearchNewest, Limit: 2}); len(all) != 5 {
			t.Fatalf("newest order: %d hits, want all 5", len(all))
		}
		// models.Claim 3 is outside SQLite's 20 newest matches, inside PostgreSQL's window.
		hits = searchWalk(t, st, models.SearchQuery{Q: "çığ düştü", Category: "culture"})
		want := []string{ids[3]}
		if db.Dialect == database.SQLite {
			want = nil
		}
		if got := searchIDs(models.SearchPage{Hits: hits}); !slices.Equal(got, want) {
			t.Fatalf("old match: got %v, want %v", got, want)
		}
		// A date range moves the search to its claims: found on both.
		from, to := searchBase, searchBase.Add(20*time.Minute)
		for _, order := range []string{models.SearchRelevance, models.SearchNewest} {
			hits = searchWalk(t, st, models.SearchQuery{Q: "çığ", Category: "sports", From: &from, To: &to, Order: order, Limit: 1})
			if got, want := searchSet(searchIDs(models.SearchPage{Hits: hits})...), searchSet(ids[5], ids[10]); !slices.Equal(got, want) {
				t.Fatalf("%s in a date range: got %v, want %v", order, got, want)
			}
			hits = searchWalk(t, st, models.SearchQuery{Q: "çığ", Category: "culture", From: &from, To: &to, Order: order})
			if got := searchIDs(models.SearchPage{Hits: hits}); !slices.Equal(got, []string{ids[3]}) {
				t.Fatalf("%s, culture in a date range: got %v", order, got)
			}
		}
		// A range no claim is in.
		later := searchBase.AddDate(1, 0, 0)
		if p := searchRun(t, st, models.SearchQuery{Q: "çığ", From: &later}); len(p.Hits) != 0 {
			t.Fatalf("after the last claim: %v", searchIDs(p))
		}
	})
}

func TestSearchBadCursor(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewSearchStore(db)
		var cs []searchClaim
		for i := 0; i < 6; i++ {
			cs = append(cs, searchClaim{content: fmt.Sprintf("heyelan haberi %d", i), category: "environment"})
		}
		searchSeed(t, db, cs...)
		from := searchBase.Add(-time.Hour)
		base := models.SearchQuery{Q: "heyelan", Category: "environment", From: &from, Limit: 2}
		rel := searchRun(t, st, base).NextCursor
		newest := base
		newest.Order = models.SearchNewest
		nc := searchRun(t, st, newest).NextCursor
		if rel == "" || nc == "" {
			t.Fatal("expected next cursors")
		}
		enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
		later := searchBase.Add(time.Hour)
		for _, tc := range []struct {
			name   string
			mutate func(q *models.SearchQuery)
		}{
			{"garbage", func(q *models.SearchQuery) { q.Cursor = "!!not base64!!" }},
			{"base64 of text", func(q *models.SearchQuery) { q.Cursor = enc("hello") }},
			{"empty JSON", func(q *models.SearchQuery) { q.Cursor = enc("{}") }},
			{"unknown field", func(q *models.SearchQuery) {
				q.Cursor = enc(`{"h":"x","o":"relevance","t":"2026-01-01T00:00:00Z","i":"a","r":1,"zz":1}`)
			}},
			{"too long", func(q *models.SearchQuery) { q.Cursor = strings.Repeat("A", 2000) }},
			{"truncated", func(q *models.SearchQuery) { q.Cursor = rel[:len(rel)/2] }},
			{"other text", func(q *models.SearchQuery) { q.Cursor, q.Q = rel, "haberi" }},
			{"other category", func(q *models.SearchQuery) { q.Cursor, q.Category = rel, "health" }},
			{"other date", func(q *models.SearchQuery) { q.Cursor, q.To = rel, &later }},
			{"other verdict", func(q *models.SearchQuery) { q.Cursor, q.Verdict = rel, "dogru" }},
			{"other order", func(q *models.SearchQuery) { q.Cursor, q.Order = rel, models.SearchNewest }},
			{"newest cursor in relevance", func(q *models.SearchQuery) { q.Cursor = nc }},
			{"filter-only query", func(q *models.SearchQuery) { q.Cursor, q.Q = rel, "" }},
			{"forged id", func(q *models.SearchQuery) {
				q.Cursor = models.SearchCursorForTest{Hash: models.SearchHashForTest(*q, models.SearchRelevance), Order: models.SearchRelevance, CreatedAt: later, ID: "x'; --", Rank: new(1.0)}.Encode()
			}},
			{"forged window of the other database", func(q *models.SearchQuery) {
				w := &models.SearchWindowForTest{RowID: new(int64(5))}
				if db.Dialect == database.SQLite {
					w = &models.SearchWindowForTest{Key: &models.SearchKeyForTest{CreatedAt: later, ID: uuid.NewString()}}
				}
				q.Cursor = models.SearchCursorForTest{Hash: models.SearchHashForTest(*q, models.SearchRelevance), Order: models.SearchRelevance, CreatedAt: later, ID: uuid.NewString(), Rank: new(1.0), Window: w}.Encode()
			}},
			{"forged empty window", func(q *models.SearchQuery) {
				q.Cursor = models.SearchCursorForTest{Hash: models.SearchHashForTest(*q, models.SearchRelevance), Order: models.SearchRelevance, CreatedAt: later, ID: uuid.NewString(), Rank: new(1.0), Window: &models.SearchWindowForTest{}}.Encode()
			}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				q := base
				tc.mutate(&q)
				if _, err := search.New(st).Search(context.Background(), q); !errors.Is(err, models.ErrBadCursor) {
					t.Fatalf("got %v, want models.ErrBadCursor", err)
				}
			})
		}
		// A cursor is only a position: a well-formed one for this query is accepted. The raw
		// rank before every hit is high for ts_rank_cd and low for bm25.
		q0 := base
		before := 1e9
		if db.Dialect == database.SQLite {
			before = -before
		}
		q0.Cursor = models.SearchCursorForTest{Hash: models.SearchHashForTest(base, models.SearchRelevance), Order: models.SearchRelevance, CreatedAt: later, ID: uuid.NewString(), Rank: &before}.Encode()
		if p := searchRun(t, st, q0); len(p.Hits) != 2 {
			t.Fatalf("cursor before every hit: %d hits", len(p.Hits))
		}
		// The same query with another page size keeps its cursor.
		q := base
		q.Cursor, q.Limit = rel, 3
		if p := searchRun(t, st, q); len(p.Hits) != 3 {
			t.Fatalf("cursor with another limit: %d hits", len(p.Hits))
		}
		if _, err := search.New(st).Search(context.Background(), models.SearchQuery{Q: "x", Order: "popular"}); err == nil || errors.Is(err, models.ErrBadCursor) {
			t.Errorf("unknown order: %v", err)
		}
	})
}

// TestSearchUnplanned: the store matches only text that internal/search planned; raw text is an
// error, not an empty page that would look like "nothing found".
func TestSearchUnplanned(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ids := searchSeed(t, db, searchClaim{content: "Aşılar otizme neden olur", enQuery: "vaccines cause autism"})
		st := models.NewSearchStore(db)
		if _, err := st.Search(context.Background(), models.SearchQuery{Q: "aşı"}); err == nil {
			t.Error("unplanned text searched without an error")
		}
		if got := searchIDs(searchRun(t, st, models.SearchQuery{Q: "aşı"})); !slices.Equal(got, ids) {
			t.Errorf("planned: %v, want %v", got, ids)
		}
		if p, err := st.Search(context.Background(), models.SearchQuery{}); err != nil || len(p.Hits) != 1 {
			t.Errorf("no text (filters only): %d hits, %v", len(p.Hits), err)
		}
	})
}

func TestSearchFTSString(t *testing.T) {
	if got := models.SearchFTSStringForTest(`a"b`); got != `"a""b"` {
		t.Errorf("FTS5 string %s", got)
	}
}

// searchTurkishClaims are the claims of the Turkish matching tests, as a tester wrote them on both
// databases.
var searchTurkishClaims = []searchClaim{
	/*0*/ {content: "Aşılar otizme neden olur", enQuery: "Vaccines cause autism"},
	/*1*/ {content: "Işık hızından daha hızlı hiçbir şey yoktur", enQuery: "nothing is faster than light"},
	/*2*/ {content: "Çocukların aşılanması zorunlu olmalı", enQuery: "vaccinating children should be mandatory"},
	/*3*/ {content: "Güneş Dünya'nın etrafında döner", enQuery: "the sun revolves around the earth"},
	/*4*/ {content: "İstanbul'da büyük deprem bekleniyor", enQuery: "a big earthquake is expected in Istanbul"},
	/*5*/ {content: "Şeker kansere yol açar", enQuery: "sugar causes cancer"},
	/*6*/ {content: "ISPARTA elması dünyanın en iyisidir", enQuery: "Isparta apples are the best in the world"},
	/*7*/ {content: "Kanal projesi tartışılıyor", enQuery: "the canal project is debated"},
	/*8*/ {content: "The earth is flat", enQuery: "the earth is flat", lang: "en"},
	/*9*/ {content: "Media lies about the pandemic", enQuery: "media lies about the pandemic", lang: "en"},
}

func TestSearchTurkishWithoutTurkishLetters(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewSearchStore(db)
		ids := searchSeed(t, db, searchTurkishClaims...)
		// The same indexes on both databases: typing without Turkish letters, or with them,
		// finds the same claims.
		for _, tc := range []struct {
			q    string
			want []int
		}{
			{"asi", []int{0, 2}},
			{"aşı", []int{0, 2}},
			{"ASI", []int{0, 2}},
			{"isik", []int{1}},
			{"ışık", []int{1}},
			{"IŞIK", []int{1}},
			{"ISIK", []int{1}},
			{"cocuk", []int{2}},
			{"çocuk", []int{2}},
			{"COCUKLARIN", []int{2}},
			{"gunes", []int{3}},
			{"güneş", []int{3}},
			{"dunya", []int{3, 6}},
			{"dünya", []int{3, 6}},
			{"seker kansere", []int{5}},
			{"şeker", []int{5}},
			{"hizindan", []int{1}},
			{"asilar otizme", []int{0}},
			{"istanbul", []int{4}},
			{"isparta", []int{6}},
			{"elmasi", []int{6}},
			{"tartisiliyor", []int{7}},
		} {
			t.Run(tc.q, func(t *testing.T) {
				searchExpect(t, st, tc.q, ids, tc.want)
			})
		}
	})
}

func TestSearchTurkishSuffixes(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewSearchStore(db)
		ids := searchSeed(t, db, searchTurkishClaims...)
		for _, tc := range []struct {
			name, q string
			want    []int
		}{
			{"plural", "depremler", []int{4}},
			{"accusative", "depremi", []int{4}},
			{"locative", "depremde", []int{4}},
			{"plural of another form", "kanserler", []int{5}},
			{"genitive after plural, stem kept at four letters", "aşıların", []int{0}},
			{"genitive", "otizmin", []int{0}},
			{"genitive with Turkish letters", "güneşin", []int{3}},
			{"locative without apostrophe", "istanbulda", []int{4}},
			{"apostrophe and genitive", "isparta'nın", []int{6}},
			{"apostrophe, capitals", "ISPARTA'NIN", []int{6}},
			{"apostrophe and locative", "İstanbul'da", []int{4}},
			{"typed without Turkish letters", "asilarin", []int{0}},
			{"typed without Turkish letters, genitive", "gunesin", []int{3}},
			{"buffer consonant after a vowel", "aşıyı", []int{0, 2}},
			{"stems ANDed", "aşıların otizmin", []int{0}},
			{"a stem and a word", "depremler istanbul", []int{4}},
			{"suffixed query, nothing else matches", "depremler şeker", nil},
			// Stripping must not over-match: "kanı" would become "kan" and find "Kanal" and
			// "kansere"; three letters are too few for a stem.
			{"short word kept whole", "kanı", nil},
			{"short word as typed", "kana", []int{7}}, // "kana" is a prefix of "Kanal", as before
			{"English word ending like a suffix", "media", []int{9}},
			{"English stays English", "earth", []int{3, 8}},
			{"English whole words", "earthquake", []int{4}},
			{"English in en_query", "sugar cancer", []int{5}},
			{"English plural", "apples", []int{6}},
			{"English, two words", "the canal project", []int{7}},
			{"English", "lies pandemic", []int{9}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				searchExpect(t, st, tc.q, ids, tc.want)
			})
		}
	})
}

func TestSearchConsonantSoftening(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewSearchStore(db)
		ids := searchSeed(t, db,
			searchClaim{content: "Beyaz ekmek kansere yol açar", enQuery: "white bread causes cancer"},
			searchClaim{content: "Bu kitap aşıların zararını anlatıyor", enQuery: "this book describes vaccine harm"},
			searchClaim{content: "Sağlık bakanlığı ekmeğe zam yaptı", enQuery: "health ministry raised bread price"},
			searchClaim{content: "Kitabın yazarı tutuklandı", enQuery: "the author of the book was arrested"},
			searchClaim{content: "Kalp krizi geçirenler limon yemeli", enQuery: "heart attack patients should eat lemon"},
			searchClaim{content: "Ağaç dikmek iklimi değiştirmez", enQuery: "planting trees does not change climate"},
			searchClaim{content: "Rengi değişen su zehirlidir", enQuery: "water that changes colour is poisonous"},
			searchClaim{content: "Ekmekçiler grevde", enQuery: "bakers on strike"},
			searchClaim{content: "Kanat çırpan kelebek fırtına yapar", enQuery: "a flapping butterfly makes a storm"},
			searchClaim{content: "Çocuğa aşı yapılmaz", enQuery: "children must not be vaccinated"},
			searchClaim{content: "Kent merkezinde trafik durdu", enQuery: "traffic stopped in the city centre"},
			searchClaim{content: "Kendi aracıyla gezen kazada öldü", enQuery: "driver died in an accident"},
			searchClaim{content: "Topa vuran çocuk sakatlandı", enQuery: "child kicking a ball injured"},
			searchClaim{content: "Toba yanardağı insanlığı neredeyse yok etti", enQuery: "Toba eruption nearly wiped out humanity"},
			searchClaim{content: "Arap baharı sosyal medyayla başladı", enQuery: "the Arab spring started on social media"},
		)
		for _, tc := range []struct {
			name, q string
			want    []int
		}{
			{"ğ → k", "ekmeği", []int{0, 2, 7}},
			{"ğ → k, typed without Turkish letters", "ekmegi", []int{0, 2, 7}},
			{"b → p", "kitabı", []int{1, 3}},
			{"b → p, typed without Turkish letters", "kitabi", []int{1, 3}},
			{"b is not undone after a consonant", "kalbi", nil},
			{"ğ → k in a longer word", "sağlığı", []int{2}},
			{"c → ç", "ağacı", []int{5}},
			{"g after n is not undone, the stem still finds rengi", "rengini", []int{6}},
			{"d is not undone: mostly the past tense", "kanadı", nil},
			{"b is not undone in a four-letter stem", "arabanın", nil}, // not "Arap"
			{"b is not undone in a four-letter stem, bare", "araba", nil},
			{"softening only with the other words ANDed", "ekmeği zam", []int{2}},
			// The other way: the bare word finds its softened inflections.
			{"bare word, b", "kitap", []int{1, 3}},
			{"bare word, ğ", "ekmek", []int{0, 2, 7}},
			{"bare word, ğ, with Turkish letters", "çocuk", []int{9, 12}},
			{"bare word, ç", "ağaç", []int{5}},
			{"bare word, t keeps its letter", "kanat", []int{8}},
			{"bare word, g after n", "renk", []int{6}},
			{"a stem's softened inflections", "ekmekte", []int{0, 2, 7}},
			{"a plural's softened inflections", "kitaplar", []int{1, 3}},
			{"t after a consonant does not soften", "kent", []int{10}}, // not "kendi"
			{"a one-syllable word does not soften", "top", []int{12}},  // not "Toba"
			{"a proper noun keeps its letter", "Ahmet'in", nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				searchExpect(t, st, tc.q, ids, tc.want)
			})
		}
	})
}

// searchExpect checks that q finds exactly the claims ids[want...], in both orders.
func searchExpect(t *testing.T, st *models.SearchStore, q string, ids []string, want []int) {
	t.Helper()
	var w []string
	for _, i := range want {
		w = append(w, ids[i])
	}
	for _, order := range []string{models.SearchRelevance, models.SearchNewest} {
		p := searchRun(t, st, models.SearchQuery{Q: q, Order: order})
		if got := searchSet(searchIDs(p)...); !slices.Equal(got, searchSet(w...)) {
			t.Errorf("%q (%s): got %v, want %v", q, order, searchIDs(p), want)
		}
	}
}

func TestSearchFoldedRanking(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewSearchStore(db)
		// The exact spelling is the older claim, so equal ranks would put it second.
		ids := searchSeed(t, db,
			searchClaim{content: "Şeker zararlıdır", enQuery: "sugar is harmful", at: searchBase},
			searchClaim{content: "Seker zararlidir", enQuery: "sugar is harmful", at: searchBase.Add(time.Hour)},
		)
		for _, tc := range []struct {
			q            string
			exact, other int
		}{{"şeker", 0, 1}, {"seker", 1, 0}, {"şekerler", 0, 1}} {
			p := searchRun(t, st, models.SearchQuery{Q: tc.q})
			rank := map[string]float64{}
			for _, h := range p.Hits {
				rank[h.Claim.ID] = h.Rank
			}
			re, ro := rank[ids[tc.exact]], rank[ids[tc.other]]
			if len(p.Hits) != 2 || re < ro || re <= 0 || ro <= 0 {
				t.Errorf("%q: ranks exact %v, other %v (%d hits): want both, exact at least as high", tc.q, re, ro, len(p.Hits))
			}
			// PostgreSQL ranks the text as written above its folded copy; SQLite's index holds
			// only the folded words, so there they tie.
			if db.Dialect == database.Postgres && (re <= ro || searchIDs(p)[0] != ids[tc.exact]) {
				t.Errorf("%q on PostgreSQL: exact spelling rank %v, folded %v: want it first", tc.q, re, ro)
			}
		}
	})
}

func TestSearchFoldLetters(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		st := models.NewSearchStore(db)
		// A claim per folded letter, "qXq": the folded query finds exactly the claims whose letter
		// folds to the same, so the query's fold (searchFoldAccents) and each index's agree.
		var letters []string
		var claims []searchClaim
		for _, r := range models.SearchFoldFromForTest {
			if r == '\u0307' {
				continue
			}
			letters = append(letters, string(r))
			claims = append(claims, searchClaim{content: "q" + string(r) + "q harf", enQuery: "letter"})
		}
		ids := searchSeed(t, db, claims...)
		for i, l := range letters {
			q := models.SearchFoldAccentsForTest("q" + l + "q")
			var want []int
			for j, m := range letters {
				if models.SearchFoldAccentsForTest(m) == models.SearchFoldAccentsForTest(l) {
					want = append(want, j)
				}
			}
			searchExpect(t, st, q, ids, want)
			if got := searchIDs(searchRun(t, st, models.SearchQuery{Q: "q" + l + "q"})); !slices.Contains(got, ids[i]) {
				t.Errorf("%q does not find itself: %v", "q"+l+"q", got)
			}
		}
		if db.Dialect != database.Postgres {
			return
		}
		// The folded copy in search_tsv (weight C) holds what searchFoldAccents makes of each word.
		for i, c := range claims {
			var got []string
			if err := db.Gorm.Raw("SELECT u.lexeme FROM claims c, unnest(c.search_tsv) u WHERE c.id = ? AND 'C' = ANY(u.weights) ORDER BY 1",
				ids[i]).Scan(&got).Error; err != nil {
				t.Fatal(err)
			}
			want := strings.Fields(models.SearchFoldAccentsForTest(c.content))
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%q: folded lexemes %v, want %v", c.content, got, want)
			}
		}
	})
}
