;; Write a file with ApplyPatch, then read it back. Writes are asked by default: answer the
;; prompt, or pass --allow 'ApplyPatch(path:notes/**)'.
;;
;;   toolcall run examples/add-note.el --allow 'ApplyPatch(path:notes/**)'

(let ((patch (concat "*** Begin Patch\n"
                     "*** Add File: notes/hello.md\n"
                     "+# Hello\n"
                     "+Written by a ToolCall script.\n"
                     "*** End Patch")))
  (ApplyPatch :patch patch)
  (Read :file_path "notes/hello.md"))
