import { Route, Switch } from 'wouter';

export function App() {
  return (
    <Switch>
      <Route path="/">
        <main className="mx-auto max-w-3xl p-8">
          <h1 className="text-3xl font-bold">CreditCheck SL</h1>
          <p className="mt-2">The first national credit bureau platform of Sierra Leone.</p>
        </main>
      </Route>
      <Route>
        <main className="mx-auto max-w-3xl p-8">
          <p>Sorry, the page you are looking for doesn&apos;t exist or has been moved.</p>
          <a href="/">Go to Homepage</a>
        </main>
      </Route>
    </Switch>
  );
}
