// A labelled range input whose current value is written beside its label (and read out as such).
import { useId } from 'react';
import * as css from './optimizer.css.ts';

export interface SliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** The value in words: "12 bps", "$0.05". */
  text: string;
  onChange: (value: number) => void;
  disabled?: boolean;
}

export function Slider({ label, value, min, max, step, text, onChange, disabled }: SliderProps) {
  const id = useId();
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        <span>{label}</span>
        <output htmlFor={id}>{text}</output>
      </label>
      <input
        id={id}
        className={css.slider}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={text}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}
