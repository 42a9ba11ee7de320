// The page entry of a remote's federated build. That build has no page of its own (the
// shell loads its remote entry), and its real `src/index.ts` boots the standalone harness,
// whose global stylesheet (Tailwind's preflight and unscoped utilities) the federation
// manifest then listed among the `./routes` expose's CSS: loaded after the shell's sheet,
// its `.inline-flex` beat the shell's `lg:hidden` and showed the phone menu on desktops.
export {}
