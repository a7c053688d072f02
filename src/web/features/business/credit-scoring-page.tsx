import { BarChart3, FlaskConical } from 'lucide-react';
import { Link } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { PortfolioScoresCard } from './chart-cards';
import { useScoringModel } from './api/analytics';
import { ModelFiguresCard } from './model-figures-card';
import { BandBadge } from './parts';
import { formatShortDate } from '@shared/format';
import { PageHeader } from '@web/components/layout/page-header';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';

/** /credit-scoring: how the score is made (GET /api/scoring/model) and where this business's clients sit. */
export default function CreditScoringPage() {
  const model = useScoringModel();
  const m = model.data;
  return (
    <div className="space-y-6">
      <PageHeader
        role="business"
        title="Credit Scoring"
        description="How the CreditCheck SL score is made: a scorecard you can read, with every factor and its points. Higher is better."
        actions={
          <Button asChild variant="outline">
            <Link href="/business/analytics">
              <BarChart3 aria-hidden />
              Analytics
            </Link>
          </Button>
        }
      />
      {model.isError ? <QueryErrorCard query={model} title="The model could not be loaded" /> : null}
      {model.isPending ? <Skeleton className="h-64" /> : null}
      {m ? (
        <>
          <Alert variant="warning">
            <FlaskConical aria-hidden />
            <AlertTitle>Fitted on generated data</AlertTitle>
            <AlertDescription>{m.caveat}</AlertDescription>
          </Alert>
          <div className="grid gap-6 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle>
                  <h2>The scale</h2>
                </CardTitle>
                <CardDescription>
                  Scorecard version {m.version}, made {formatShortDate(m.createdAt)}. Every score in a report names the model version that
                  made it.
                </CardDescription>
              </CardHeader>
              <CardContent className="space-y-4 text-sm">
                <p>
                  Scores run from {m.scaling.min} to {m.scaling.max}. A score of {m.scaling.baseScore} means odds of {m.scaling.baseOdds} to
                  1 that the person repays without going 90 days late or defaulting in the next 12 months; every {m.scaling.pdo} points more
                  doubles those odds. A person starts from {m.basePoints} points and each factor below adds or takes away points.
                </p>
                <p>
                  A file with no account six months old, or with no account reported in the last 12 months, gets <strong>no score</strong>,
                  never a low one: a missing record must not count against a person (Credit Reference Act, 2011). Mobile money, utility and
                  telephone accounts count as credit history, so people without a bank account can have a score.
                </p>
                <ul className="grid gap-2 sm:grid-cols-3">
                  {m.bands.map((b) => (
                    <li key={b.name} className="rounded-lg border p-3">
                      <div className="flex items-center justify-between">
                        <BandBadge band={b.name} />
                        <span className="tabular-nums text-muted-foreground">from {b.minScore}</span>
                      </div>
                      <p className="mt-2 text-muted-foreground">{b.description}</p>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <ModelFiguresCard validation={m.validation} drift={m.drift} />
          </div>

          <PortfolioScoresCard />

          <section aria-labelledby="factors-title" className="space-y-3">
            <h2 id="factors-title" className="text-lg font-semibold">
              The factors and their points
            </h2>
            <div className="grid gap-4 md:grid-cols-2">
              {m.features.map((f) => (
                <Card key={f.key}>
                  <CardHeader>
                    <CardTitle>
                      <h3 className="text-base">{f.title}</h3>
                    </CardTitle>
                    <CardDescription>{f.description}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <table className="w-full text-sm">
                      <caption className="sr-only">Points for {f.title}</caption>
                      <thead className="text-left text-muted-foreground">
                        <tr>
                          <th scope="col" className="py-1 font-medium">
                            Value
                          </th>
                          <th scope="col" className="py-1 text-right font-medium">
                            Points
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {f.bins.map((b) => (
                          <tr key={b.label} className="border-t">
                            <td className="py-1">{b.label}</td>
                            <td className="py-1 text-right tabular-nums">
                              <Badge variant={b.points > 0 ? 'success' : b.points < 0 ? 'destructive' : 'outline'}>
                                {b.points > 0 ? `+${b.points}` : b.points}
                              </Badge>
                            </td>
                          </tr>
                        ))}
                        {f.missingPoints !== null ? (
                          <tr className="border-t">
                            <td className="py-1 text-muted-foreground">Nothing to measure</td>
                            <td className="py-1 text-right tabular-nums">{f.missingPoints}</td>
                          </tr>
                        ) : null}
                      </tbody>
                    </table>
                  </CardContent>
                </Card>
              ))}
            </div>
          </section>
        </>
      ) : null}
    </div>
  );
}
