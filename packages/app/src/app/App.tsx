import { Redirect, Route, Switch } from 'wouter';
import { SignInScreen } from '../features/auth/SignInScreen.tsx';
import { FramedScreen } from '../features/embedding/FramedScreen.tsx';

export function App({ framed }: { framed: boolean }) {
  if (framed) return <FramedScreen />;
  return (
    <Switch>
      <Route path="/auth" component={SignInScreen} />
      <Route>
        <Redirect to="/auth" />
      </Route>
    </Switch>
  );
}
