package admin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/knowledge"
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

// knowledgePage serves GET /admin/knowledge.
func (a *Admin) knowledgePage(c *fiber.Ctx) error {
	return a.renderKnowledge(c, fiber.StatusOK, "", "")
}

// renderKnowledge draws the upload page with the last import's result or error.
func (a *Admin) renderKnowledge(c *fiber.Ctx, status int, result, problem string) error {
	n, err := a.d.Reviews.Count(c.UserContext())
	if err != nil {
		return a.unavailable(c, "knowledge base", err)
	}
	p := admin.Knowledge{Frame: a.frame(c, "knowledge", "Fact-checks"), Count: format.Plural(int(n), "fact-check") + " in the knowledge base.",
		Result: result, Problem: problem, MaxSize: format.Thousands(MaxKBUploadBytes>>20) + " MiB"}
	return a.d.Kit.Render(c, status, admin.KnowledgePage(p))
}

// uploadKnowledge serves POST /admin/knowledge: a ClaimReview JSON-LD, DataCommons feed or Google
// Fact Check answer, imported idempotently by review URL, with the summary shown and audited.
func (a *Admin) uploadKnowledge(c *fiber.Ctx) error {
	fh, err := c.FormFile("file")
	if err != nil {
		return a.renderKnowledge(c, fiber.StatusUnprocessableEntity, "", "Choose a file to upload.")
	}
	if fh.Size > MaxKBUploadBytes {
		return a.renderKnowledge(c, fiber.StatusRequestEntityTooLarge, "", fmt.Sprintf("The file is larger than %d MiB.", MaxKBUploadBytes>>20))
	}
	f, err := fh.Open()
	if err != nil {
		return a.renderKnowledge(c, fiber.StatusUnprocessableEntity, "", "The file could not be read.")
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxKBUploadBytes+1))
	f.Close()
	if err != nil {
		return a.renderKnowledge(c, fiber.StatusUnprocessableEntity, "", "The file could not be read.")
	}
	name := filepath.Base(fh.Filename)
	sum, err := a.d.Knowledge.Import(c.UserContext(), "upload:"+name, data)
	if err != nil {
		var ctxErr interface{ Timeout() bool }
		if errors.As(err, &ctxErr) {
			return a.unavailable(c, "knowledge import", err)
		}
		return a.renderKnowledge(c, fiber.StatusUnprocessableEntity, "", fmt.Sprintf("%s was not imported: %v", name, err))
	}
	a.record(c, "knowledge.import", name, map[string]any{"added": sum.Added, "updated": sum.Updated,
		"unchanged": sum.Unchanged, "skipped": len(sum.Skipped)})
	return a.renderKnowledge(c, fiber.StatusOK, name+": "+sum.String(), "")
}
