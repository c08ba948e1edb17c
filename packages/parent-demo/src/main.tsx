import { render } from 'preact';
import { App } from './App.tsx';
import './demo.css';
import { readDemoConfig } from './demoConfig.ts';

render(<App config={readDemoConfig()} />, document.getElementById('root')!);
