package i18n

import (
	"context"

	"github.com/a-h/templ"
)

// Raw renders a message that carries markup (see Localizer.HTML): the message text is the
// project's own, every data value is escaped.
func Raw(ctx context.Context, id string, kv ...any) templ.Component {
	return templ.Raw(From(ctx).HTML(id, kv...))
}
