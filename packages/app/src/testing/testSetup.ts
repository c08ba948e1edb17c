// Component tests run beside type checks, builds and browsers on two shared cores: Testing Library's
// default 1 s wait for a screen to update is too short there (a pager test failed under load while
// passing alone), so every findBy/waitFor of the app's tests gets 5 s.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
