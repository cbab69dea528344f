/**
 * The ref of a Mantine NumberInput that takes whole numbers only (allowDecimal={false}: an odometer,
 * a year, miles): Mantine always writes inputmode="decimal", so a phone offered a keyboard with a
 * decimal point; this makes it "numeric" (digits only) once the input exists. React leaves the
 * attribute alone afterwards, since the value Mantine passes never changes.
 *
 *   <NumberInput allowDecimal={false} ref={wholeNumberKeyboard} … />
 */
export function wholeNumberKeyboard(input: HTMLInputElement | null): void {
  input?.setAttribute('inputmode', 'numeric');
}
