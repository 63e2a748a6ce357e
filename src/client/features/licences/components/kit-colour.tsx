// Kit colours (spec section 3): a swatch beside the name, and the chooser of the claim form.
import { KIT_COLOURS } from '../../../../shared/enums';
import { KIT_COLOUR_SWATCHES, type KitColour } from '../../../../shared/schemas/licences';
import { kitColourLabel, useLicencesT } from './texts';

export function KitColourSwatch({ colour }: { colour: string }) {
  const t = useLicencesT();
  return (
    <span className="kit-colour">
      <span className={`kit-swatch kit-${colour}`} style={{ background: KIT_COLOUR_SWATCHES[colour as KitColour] ?? 'transparent' }} aria-hidden="true" />
      {kitColourLabel(t, colour)}
    </span>
  );
}

export function KitColourChooser({ value, onChange, invalid, describedBy }: { value: string; onChange: (c: KitColour) => void; invalid: boolean; describedBy?: string }) {
  const t = useLicencesT();
  return (
    <div className="kit-chooser" role="radiogroup" aria-labelledby="kit-colour-label" aria-invalid={invalid} aria-describedby={describedBy}>
      {KIT_COLOURS.map((c) => (
        <label key={c} className={`kit-option${value === c ? ' selected' : ''}`}>
          <input type="radio" name="kit-colour" value={c} checked={value === c} onChange={() => onChange(c)} />
          <span className={`kit-swatch kit-${c}`} style={{ background: KIT_COLOUR_SWATCHES[c] }} aria-hidden="true" />
          <span>{kitColourLabel(t, c)}</span>
        </label>
      ))}
    </div>
  );
}
