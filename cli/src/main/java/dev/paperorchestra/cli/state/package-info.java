/**
 * What a state directory holds for the command line besides the broker's and agents' files: the lock that keeps
 * one {@code po run} or {@code po serve} per directory, and which paper id stands for which materials.
 */
@NullMarked
package dev.paperorchestra.cli.state;

import org.jspecify.annotations.NullMarked;
