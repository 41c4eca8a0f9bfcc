package admin

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/knowledge"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/claimcheck/claimcheck/views/pages/admin"
	"github.com/gofiber/fiber/v2"
)

// MaxKBUploadBytes caps one fact-check upload; the wiring lets only this route past the
// ordinary body limit, and readUpload holds its body to this plus the multipart framing.
const MaxKBUploadBytes = 32 << 20

// maxKBUploadBody is the whole multipart body of an upload: the file and up to 1 MiB of framing
// and form fields.
const maxKBUploadBody = MaxKBUploadBytes + 1<<20

// readUpload reads the upload's body, at most maxKBUploadBody bytes, once the sender is known to
// be an admin; the wiring's body limit leaves this route's body unread (internal/app/limits.go).
func readUpload(c *fiber.Ctx) error {
	if err := web.ReadBody(c, maxKBUploadBody); err != nil {
		return err
	}
	return c.Next()
}

// KBImporter imports a fact-check document into the knowledge base (and its index).
type KBImporter interface {
	Import(ctx context.Context, source string, data []byte) (knowledge.Summary, error)
}

// ReviewCounter counts the knowledge base.
type ReviewCounter interface {
	Count(ctx context.Context) (int64, error)
}

// KBEntries browses and corrects the knowledge base; *knowledge.Entries is one, which also keeps
// the process's matching index current.
type KBEntries interface {
	// List returns one page of entries and whether more follow.
	List(ctx context.Context, f models.ReviewFilter) ([]models.Review, bool, error)
	// Entry returns one entry or models.ErrNotFound.
	Entry(ctx context.Context, id string) (*models.Review, error)
	// Edit stores an admin's correction; knowledge.FieldErrors when the form is invalid.
	Edit(ctx context.Context, id, by string, f knowledge.EntryForm) (*models.Review, error)
	// Retire takes an entry out of matching; knowledge.ErrReasonRequired without a reason.
	Retire(ctx context.Context, id, reason string) (*models.Review, error)
	// Restore puts a retired entry back.
	Restore(ctx context.Context, id string) (*models.Review, error)
}

// knowledgePage serves GET /admin/knowledge.
func (a *Admin) knowledgePage(c *fiber.Ctx) error {
	return a.renderKnowledge(c, fiber.StatusOK, kbOutcome{})
}

// kbOutcome is what the last upload did, for the upload form: the summary with its skip reasons,
// or the problem with the importer's own English diagnosis of the file.
type kbOutcome struct {
	result, problem, detail string
	reasons                 []admin.Reason
}

// kbProblem is an upload refused for problem (a message id or text).
func kbProblem(problem string) kbOutcome { return kbOutcome{problem: problem} }

// kbSummary says an import's summary in loc's language: the counts, then the distinct skip
// reasons, most frequent first; a reason without a message id is shown as the importer wrote it.
func kbSummary(loc *i18n.Localizer, name string, sum knowledge.Summary) kbOutcome {
	f := format.For(loc)
	args := []any{"Name", name, "Added", f.Int(int64(sum.Added)), "Updated", f.Int(int64(sum.Updated)),
		"Unchanged", f.Int(int64(sum.Unchanged)), "Kept", f.Int(int64(sum.Kept)), "Skipped", f.Int(int64(len(sum.Skipped)))}
	out := kbOutcome{result: loc.T("admin.kb.summary", args...)}
	if sum.Kept > 0 {
		out.result = loc.T("admin.kb.summary_kept", args...)
	}
	top, more := sum.TopReasons(3)
	for _, r := range top {
		line := admin.Reason{Text: r.Reason, English: true}
		if r.Key != "" && loc.Has("admin.kb.skip."+r.Key) {
			line = admin.Reason{Text: loc.TData("admin.kb.skip."+r.Key, r.Data)}
		}
		if r.Count > 1 {
			line.Text = f.Int(int64(r.Count)) + "× " + line.Text
		}
		out.reasons = append(out.reasons, line)
	}
	if more > 0 {
		out.reasons = append(out.reasons, admin.Reason{Text: loc.N("admin.kb.more_reasons", more, "N", f.Int(int64(more)))})
	}
	return out
}

// renderKnowledge draws the entry list for the address's filters and the upload form with the
// last import's result or error.
func (a *Admin) renderKnowledge(c *fiber.Ctx, status int, o kbOutcome) error {
	ctx := c.UserContext()
	n, err := a.d.Reviews.Count(ctx)
	if err != nil {
		return a.unavailable(c, "knowledge base", err)
	}
	states := []admin.Option{{Value: "", Label: "admin.filter.any_state"}, {Value: models.ReviewsActive, Label: "admin.filter.active"},
		{Value: models.ReviewsRetired, Label: "admin.filter.retired"}, {Value: models.ReviewsEdited, Label: "admin.filter.edited"}}
	verdicts := verdictOptions(i18n.From(ctx), "admin.filter.any_verdict")
	q := format.Truncate(strings.TrimSpace(c.Query("q")), web.MaxSearchChars)
	state, verdict := choice(c.Query("state"), states), choice(c.Query("verdict"), verdicts)
	page := web.PageOrFirst(c)
	p := admin.Knowledge{Frame: a.frame(c, "knowledge", "admin.section.knowledge"), Count: i18n.From(ctx).N("admin.kb.count", int(n), "N", format.For(i18n.From(ctx)).Int(n)),
		Result: o.result, Reasons: o.reasons, Problem: o.problem, ProblemDetail: o.detail, MaxSize: format.For(i18n.From(ctx)).Int(MaxKBUploadBytes>>20) + " MiB", Q: q,
		Filters: []admin.Filter{{Name: "state", Label: "admin.filter.state", Value: state, Options: states},
			{Name: "verdict", Label: "admin.filter.verdict", Value: verdict, Options: verdicts}}}
	if msg := web.SearchProblem(c, q); msg != "" {
		p.SearchError = msg
		return a.d.Kit.Render(c, fiber.StatusBadRequest, admin.KnowledgePage(p))
	}
	rs, more, err := a.d.Entries.List(ctx, models.ReviewFilter{Q: q, State: state, Verdict: verdict,
		Limit: AdminPageSize, Offset: (page - 1) * AdminPageSize})
	if err != nil {
		return a.unavailable(c, "knowledge entries", err)
	}
	p.Pager = listPager("/admin/knowledge", filterValues("q", q, "state", state, "verdict", verdict), page, more)
	for _, r := range rs {
		p.Rows = append(p.Rows, admin.EntryRow{ID: r.ID, Claim: format.Truncate(r.ClaimReviewed, 200), Verdict: verdictName(i18n.From(ctx), r.Verdict),
			VerdictSlug: r.Verdict, Publisher: r.Publisher, Language: r.Language, Source: r.Source,
			Updated: stamp(i18n.From(ctx), r.UpdatedAt), Retired: r.Retired(), Edited: r.EditedAt != nil})
	}
	return a.d.Kit.Render(c, status, admin.KnowledgePage(p))
}

// uploadKnowledge serves POST /admin/knowledge: a ClaimReview JSON-LD, DataCommons feed or Google
// Fact Check answer, imported idempotently by review URL, with the summary shown and audited.
func (a *Admin) uploadKnowledge(c *fiber.Ctx) error {
	fh, err := c.FormFile("file")
	if err != nil {
		return a.renderKnowledge(c, fiber.StatusUnprocessableEntity, kbProblem("admin.kb.error.no_file"))
	}
	if fh.Size > MaxKBUploadBytes {
		return a.renderKnowledge(c, fiber.StatusRequestEntityTooLarge, kbProblem(i18n.T(c.UserContext(), "admin.kb.error.too_large",
			"Max", format.For(i18n.From(c.UserContext())).Int(MaxKBUploadBytes>>20))))
	}
	f, err := fh.Open()
	if err != nil {
		return a.renderKnowledge(c, fiber.StatusUnprocessableEntity, kbProblem("admin.kb.error.unreadable"))
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxKBUploadBytes+1))
	f.Close()
	if err != nil {
		return a.renderKnowledge(c, fiber.StatusUnprocessableEntity, kbProblem("admin.kb.error.unreadable"))
	}
	name := filepath.Base(fh.Filename)
	sum, err := a.d.Knowledge.Import(c.UserContext(), "upload:"+name, data)
	if err != nil {
		var ctxErr interface{ Timeout() bool }
		if errors.As(err, &ctxErr) {
			return a.unavailable(c, "knowledge import", err)
		}
		return a.renderKnowledge(c, fiber.StatusUnprocessableEntity, kbOutcome{problem: i18n.T(c.UserContext(), "admin.kb.not_imported", "Name", name),
			detail: err.Error()})
	}
	a.record(c, "knowledge.import", name, map[string]any{"added": sum.Added, "updated": sum.Updated,
		"unchanged": sum.Unchanged, "kept": sum.Kept, "skipped": len(sum.Skipped)})
	return a.renderKnowledge(c, fiber.StatusOK, kbSummary(i18n.From(c.UserContext()), name, sum))
}

// loadEntry fetches the :id entry, answering the page itself when that fails.
func (a *Admin) loadEntry(c *fiber.Ctx) (*models.Review, error) {
	id, ok := web.UUIDParam(c)
	if !ok {
		return nil, a.notFound(c, "Entry")
	}
	r, err := a.d.Entries.Entry(c.UserContext(), id)
	if err != nil {
		return nil, a.failed(c, "knowledge entry", "Entry", err)
	}
	return r, nil
}

// entryPage serves GET /admin/knowledge/:id.
func (a *Admin) entryPage(c *fiber.Ctx) error {
	r, err := a.loadEntry(c)
	if r == nil {
		return err
	}
	return a.renderEntry(c, fiber.StatusOK, r, knowledge.FormOf(r), nil, "", "")
}

// renderEntry draws entry r with the form values f and their errors.
func (a *Admin) renderEntry(c *fiber.Ctx, status int, r *models.Review, f knowledge.EntryForm, errs map[string]string, reason, reasonErr string) error {
	p := admin.Entry{Frame: a.frame(c, "knowledge", "admin.entry.title"), ID: r.ID, URL: r.URL, Source: r.Source,
		Created: consoleDay(i18n.From(c.UserContext()), r.CreatedAt), Updated: stamp(i18n.From(c.UserContext()), r.UpdatedAt),
		Retired: r.Retired(), Errors: errs, Verdicts: verdictOptions(i18n.From(c.UserContext()), ""), ReasonValue: reason, ReasonError: reasonErr,
		Form: admin.EntryFields{Claim: f.Claim, Verdict: f.Verdict, Rating: f.Rating, Language: f.Language, Publisher: f.Publisher, Body: f.Body}}
	// Only a web address becomes a link; anything else (the starter set's urn: names) is text.
	p.Link = strings.HasPrefix(p.URL, "https://") || strings.HasPrefix(p.URL, "http://")
	if r.EditedAt != nil {
		loc := i18n.From(c.UserContext())
		who := loc.T("admin.entry.an_admin")
		if r.EditedBy != nil {
			if u, err := a.d.Users.UserByID(c.UserContext(), *r.EditedBy); err == nil {
				who = u.Email
			}
		}
		p.Edited = loc.T("admin.entry.edited_by", "Who", who, "When", stamp(loc, *r.EditedAt))
	}
	if r.RetiredAt != nil {
		p.RetiredAt = stamp(i18n.From(c.UserContext()), *r.RetiredAt)
	}
	if r.RetiredReason != nil {
		p.RetiredWhy = *r.RetiredReason
	}
	return a.d.Kit.Render(c, status, admin.EntryPage(p))
}

// editEntry serves POST /admin/knowledge/:id: the correction is validated field by field, stored
// with its author, applied to matching and audited with what changed.
func (a *Admin) editEntry(c *fiber.Ctx) error {
	old, err := a.loadEntry(c)
	if old == nil {
		return err
	}
	f := knowledge.EntryForm{Claim: c.FormValue("claim"), Verdict: c.FormValue("verdict"), Rating: c.FormValue("rating"),
		Language: c.FormValue("language"), Publisher: c.FormValue("publisher"), Body: c.FormValue("body")}
	by := ""
	if u := web.CurrentUser(c); u != nil {
		by = u.ID
	}
	r, err := a.d.Entries.Edit(c.UserContext(), old.ID, by, f)
	var fe knowledge.FieldErrors
	if errors.As(err, &fe) {
		return a.renderEntry(c, fiber.StatusUnprocessableEntity, old, f, fe, "", "")
	}
	if err != nil {
		return a.failed(c, "edit knowledge entry", "Entry", err)
	}
	detail := map[string]any{"url": r.URL}
	if old.Verdict != r.Verdict {
		detail["verdict"] = map[string]string{"from": old.Verdict, "to": r.Verdict}
	}
	if old.ClaimReviewed != r.ClaimReviewed {
		detail["claim"] = map[string]string{"from": format.Truncate(old.ClaimReviewed, 200), "to": format.Truncate(r.ClaimReviewed, 200)}
	}
	var changed []string
	for _, x := range []struct {
		name     string
		from, to string
	}{{"language", old.Language, r.Language}, {"publisher", old.Publisher, r.Publisher}, {"body", old.ReviewBody, r.ReviewBody},
		{"rating", deref(old.TextualRating), deref(r.TextualRating)}} {
		if x.from != x.to {
			changed = append(changed, x.name)
		}
	}
	if len(changed) > 0 {
		detail["also"] = changed
	}
	a.record(c, "knowledge.edit", r.ID, detail)
	return web.Back(c, admin.EntryPath(r.ID, ""), "done", "entry-saved")
}

// deref is *s, or "" for nil.
func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// retireEntry serves POST /admin/knowledge/:id/retire.
func (a *Admin) retireEntry(c *fiber.Ctx) error {
	old, err := a.loadEntry(c)
	if old == nil {
		return err
	}
	reason := strings.TrimSpace(c.FormValue("reason"))
	r, err := a.d.Entries.Retire(c.UserContext(), old.ID, reason)
	var fe knowledge.FieldErrors
	switch {
	case errors.Is(err, knowledge.ErrReasonRequired):
		return a.renderEntry(c, fiber.StatusUnprocessableEntity, old, knowledge.FormOf(old), nil, reason, "admin.entry.error.reason")
	case errors.As(err, &fe):
		return a.renderEntry(c, fiber.StatusUnprocessableEntity, old, knowledge.FormOf(old), nil, reason, fe["reason"])
	case err != nil:
		return a.failed(c, "retire knowledge entry", "Entry", err)
	}
	a.record(c, "knowledge.retire", r.ID, map[string]any{"url": r.URL, "reason": reason})
	return web.Back(c, admin.EntryPath(r.ID, ""), "done", "entry-retired")
}

// restoreEntry serves POST /admin/knowledge/:id/restore.
func (a *Admin) restoreEntry(c *fiber.Ctx) error {
	old, err := a.loadEntry(c)
	if old == nil {
		return err
	}
	r, err := a.d.Entries.Restore(c.UserContext(), old.ID)
	if err != nil {
		return a.failed(c, "restore knowledge entry", "Entry", err)
	}
	if old.Retired() {
		a.record(c, "knowledge.restore", r.ID, map[string]any{"url": r.URL})
	}
	return web.Back(c, admin.EntryPath(r.ID, ""), "done", "entry-restored")
}
