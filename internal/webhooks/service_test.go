package webhooks_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/internal/webhooks"
	"github.com/claimcheck/claimcheck/models"
)

func TestServiceValidate(t *testing.T) {
	svc := webhooks.NewService(nil, webhooks.Guard{Resolver: fakeResolver{"hooks.example.com": {"93.184.216.34"}}}, nil)
	for _, tc := range []struct {
		name   string
		in     webhooks.EndpointInput
		fields map[string]string // field → message fragment
		types  []string          // normalised event types when valid
	}{
		{"valid, types deduplicated and ordered", webhooks.EndpointInput{URL: " https://hooks.example.com/x ",
			EventTypes: []string{"claim.score_changed", "claim.created", "claim.created"}, Description: "  prod  "},
			nil, []string{"claim.created", "claim.score_changed"}},
		{"no event types", webhooks.EndpointInput{URL: "https://hooks.example.com/x"},
			map[string]string{"event_types": "at least one"}, nil},
		{"unknown event type", webhooks.EndpointInput{URL: "https://hooks.example.com/x", EventTypes: []string{"claim.created", "claim.deleted"}},
			map[string]string{"event_types": `"claim.deleted"`}, nil},
		{"empty event type (a JSON null)", webhooks.EndpointInput{URL: "https://hooks.example.com/x", EventTypes: []string{"claim.created", ""}},
			map[string]string{"event_types": "non-empty string"}, nil},
		{"test events are not subscribable", webhooks.EndpointInput{URL: "https://hooks.example.com/x", EventTypes: []string{"webhook.test"}},
			map[string]string{"event_types": "Unknown"}, nil},
		{"long description", webhooks.EndpointInput{URL: "https://hooks.example.com/x", EventTypes: []string{"claim.created"},
			Description: strings.Repeat("é", 201)}, map[string]string{"description": "at most 200"}, nil},
		{"200 characters are fine", webhooks.EndpointInput{URL: "https://hooks.example.com/x", EventTypes: []string{"claim.created"},
			Description: strings.Repeat("é", 200)}, nil, []string{"claim.created"}},
		{"control characters", webhooks.EndpointInput{URL: "https://hooks.example.com/x", EventTypes: []string{"claim.created"},
			Description: "a\nb"}, map[string]string{"description": "one line"}, nil},
		{"everything wrong at once", webhooks.EndpointInput{URL: "http://127.0.0.1/", Description: strings.Repeat("x", 300)},
			map[string]string{"url": "private", "event_types": "at least one", "description": "at most"}, nil},
	} {
		out, err := svc.Validate(context.Background(), tc.in)
		if tc.fields == nil {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			} else if fmt.Sprint(out.EventTypes) != fmt.Sprint(tc.types) || out.URL != strings.TrimSpace(tc.in.URL) ||
				out.Description != strings.TrimSpace(tc.in.Description) {
				t.Errorf("%s: normalised to %+v", tc.name, out)
			}
			continue
		}
		var ve *webhooks.ValidationError
		if !errors.As(err, &ve) || len(ve.Fields) != len(tc.fields) {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		for f, frag := range tc.fields {
			if msg := ve.Message(f); !strings.Contains(msg, frag) {
				t.Errorf("%s: %s message %q lacks %q", tc.name, f, msg, frag)
			}
		}
	}
}

func TestServiceLifecycle(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		e := newEnv(t, db)
		svc := webhooks.NewService(e.store, webhooks.Guard{AllowPrivate: true}, e.clock.Now)
		ep, err := svc.Create(ctx, e.owner, webhooks.EndpointInput{URL: "http://127.0.0.1:9/hook", EventTypes: []string{"claim.analysed"}, Description: "local"})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(ep.Secret, "whsec_") || fmt.Sprint(webhooks.EventTypesOf(ep)) != "[claim.analysed]" || ep.Description != "local" {
			t.Fatalf("created: %+v", ep)
		}
		rot, err := svc.Rotate(ctx, e.owner, ep.ID)
		if err != nil || rot.Secret == ep.Secret || rot.PreviousSecret == nil || *rot.PreviousSecret != ep.Secret ||
			!rot.PreviousExpiresAt.Equal(e.clock.Now().Add(24*time.Hour)) {
			t.Fatalf("rotated: %+v %v", rot, err)
		}
		d, err := svc.SendTest(ctx, e.owner, strings.ToUpper(ep.ID))
		if err != nil || d.EventType != "webhook.test" || !strings.Contains(d.Payload, `"endpoint_id":"`+ep.ID+`"`) ||
			!strings.Contains(d.Payload, `"type":"webhook.test"`) || !strings.Contains(d.Payload, `"message":"This is a test event`) {
			t.Fatalf("test event: %+v %v", d, err)
		}
		if _, err := svc.Disable(ctx, e.owner, ep.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SendTest(ctx, e.owner, ep.ID); !errors.Is(err, models.ErrEndpointDisabled) {
			t.Fatalf("test to a disabled endpoint: %v", err)
		}
		ds, err := svc.Deliveries(ctx, e.owner, ep.ID, 20)
		if err != nil || len(ds) != 1 || ds[0].State != models.DeliveryCancelled {
			t.Fatalf("disabling cancels the waiting test: %+v %v", ds, err)
		}
		// The same URL twice would receive every event twice: refused on the url field, whatever the types.
		_, err = svc.Create(ctx, e.owner, webhooks.EndpointInput{URL: " http://127.0.0.1:9/hook", EventTypes: []string{"claim.created"}})
		var ve *webhooks.ValidationError
		if !errors.As(err, &ve) || !strings.Contains(ve.Message("url"), "already have an endpoint with this URL") {
			t.Fatalf("the same URL again: %v", err)
		}
		for i := 1; i < models.MaxWebhookEndpoints; i++ {
			if _, err := svc.Create(ctx, e.owner, webhooks.EndpointInput{URL: fmt.Sprintf("http://127.0.0.1:9/%d", i), EventTypes: []string{"claim.created"}}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.Create(ctx, e.owner, webhooks.EndpointInput{URL: "http://127.0.0.1:9/", EventTypes: []string{"claim.created"}}); !errors.Is(err, models.ErrWebhookLimit) {
			t.Fatalf("11th endpoint: %v", err)
		}
	})
}
