import { configure } from '@testing-library/react';

// Testing Library's findBy…/waitFor give up after 1 s. Beside the platform's integration and e2e
// workers on 2 shared cores, a fresh worker's first render of an MUI dialog took longer than that
// (StudyHeaderDialog's history, in a full run). A wait that ends early still passes at once.
configure({ asyncUtilTimeout: 5_000 });
