// Placeholder: the page is being built.
export default function Page() {
  return <main id="main">contact</main>;
}
